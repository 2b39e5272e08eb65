/**
 * US dollars, written the same by the server and every browser (Intl output differs between ICU
 * builds, which would break hydration): $1,299 or $1,299.50.
 */
export function formatUsd(amount: number): string {
  const cents = Math.round(amount * 100);
  const whole = Math.trunc(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = cents % 100;
  return `$${whole}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}
