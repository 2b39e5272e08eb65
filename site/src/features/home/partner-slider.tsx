import { useEffect, useState } from 'react';
import { PARTNER_COUNT, PartnerLogo } from './partner-logos';

const PER_STEP = 4;
const STEP_MS = 3000;
const STEPS = Math.ceil(PARTNER_COUNT / PER_STEP);

/** Partner logos, four at a time, advancing every 3 s; paused on hover, focus and reduced motion. */
export function PartnerSlider() {
  const [step, setStep] = useState(0);
  const [paused, setPaused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReducedMotion(query.matches);
    const onChange = () => setReducedMotion(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  useEffect(() => {
    if (paused || reducedMotion) return;
    const timer = setInterval(() => setStep((s) => (s + 1) % STEPS), STEP_MS);
    return () => clearInterval(timer);
  }, [paused, reducedMotion]);

  return (
    <section className="section section--white partners" aria-labelledby="partners-title">
      <div className="page-width">
        <h2 id="partners-title" className="partners__title">
          Trabajamos con las mejores aerolíneas y hoteles
        </h2>
        <div
          className="partners__viewport"
          onMouseEnter={() => setPaused(true)}
          onMouseLeave={() => setPaused(false)}
          onFocus={() => setPaused(true)}
          onBlur={() => setPaused(false)}
        >
          <ul className="partners__track" style={{ transform: `translateX(-${step * 100}%)` }}>
            {Array.from({ length: STEPS }, (_, page) => (
              <li key={page} className="partners__page" aria-hidden={page !== step}>
                <ul className="partners__group">
                  {Array.from({ length: PER_STEP }, (_, i) => page * PER_STEP + i)
                    .filter((i) => i < PARTNER_COUNT)
                    .map((i) => (
                      <li key={i} className="partners__item">
                        <PartnerLogo index={i} />
                      </li>
                    ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
        <div className="partners__dots">
          {Array.from({ length: STEPS }, (_, i) => (
            <button
              key={i}
              type="button"
              className={`partners__dot${i === step ? ' is-active' : ''}`}
              aria-label={`Ver grupo ${i + 1} de socios`}
              aria-pressed={i === step}
              onClick={() => setStep(i)}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
