import { useId, useState } from 'react';
import { ChevronDownIcon } from '../../components/ui/icons';
import type { FaqItem } from './faq-item';
import './faq.css';

/**
 * Questions as an accordion with at most one answer open at a time (across both columns): each
 * question is a button with aria-expanded that controls its answer region.
 */
export function FaqAccordion({
  items,
  columns = 2,
  headingLevel = 3,
}: {
  items: readonly FaqItem[];
  columns?: 1 | 2;
  /** The questions' heading level: one below the heading of what holds them. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const [open, setOpen] = useState<string | null>(null);
  const baseId = useId();
  const half = columns === 2 ? Math.ceil(items.length / 2) : items.length;
  const groups = columns === 2 ? [items.slice(0, half), items.slice(half)] : [items];
  return (
    <div className={`faq faq--${columns}`}>
      {groups.map((group, g) => (
        <div key={g} className="faq__column">
          {group.map((item) => {
            const expanded = open === item.id;
            const buttonId = `${baseId}-${item.id}-q`;
            const panelId = `${baseId}-${item.id}-a`;
            return (
              <div key={item.id} className={`faq__item${expanded ? ' is-open' : ''}`}>
                <Heading className="faq__heading">
                  <button
                    id={buttonId}
                    type="button"
                    className="faq__question"
                    aria-expanded={expanded}
                    aria-controls={panelId}
                    onClick={() => setOpen(expanded ? null : item.id)}
                  >
                    <span>{item.question}</span>
                    <ChevronDownIcon className="faq__chevron" />
                  </button>
                </Heading>
                <div id={panelId} role="region" aria-labelledby={buttonId} className="faq__answer" hidden={!expanded}>
                  <p>{item.answer}</p>
                </div>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
