import { UI } from '@shared/ui';
import { useEffect, useState } from 'react';

const parts = (s: number) => ({
  days: Math.floor(s / 86_400),
  hours: Math.floor((s % 86_400) / 3600),
  minutes: Math.floor((s % 3600) / 60),
});

/** Flash-sale countdown: starts at 980400 s (11 d 8 h 20 min) on every page load, gone at zero. */
export function Countdown() {
  const [left, setLeft] = useState<number>(UI.countdownStartSeconds);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      const next = Math.max(0, UI.countdownStartSeconds - Math.floor((Date.now() - started) / 1000));
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, []);
  if (left <= 0) return null;
  const { days, hours, minutes } = parts(left);
  const cells = [
    { value: days, label: 'días' },
    { value: hours, label: 'horas' },
    { value: minutes, label: 'minutos' },
  ];
  return (
    <section className="countdown" aria-label="Oferta relámpago">
      <div className="countdown__inner page-width">
        <p className="countdown__title">
          <strong>¡Oferta relámpago!</strong> Estos precios terminan en:
        </p>
        <div role="timer" aria-live="off">
          <ol className="countdown__cells">
            {cells.map((c) => (
              <li key={c.label}>
                <span className="countdown__value">{String(c.value).padStart(2, '0')}</span>
                <span className="countdown__label">{c.label}</span>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
