// How the window reads dates such as 01/07/2026 (kept in the browser's storage for this address).
import type { DateOrder } from '../../../src-shared/vocabulary.ts';
import { dateOrderExample, setDateOrder, useDateOrder } from '../../preferences.ts';

/** How the window reads dates such as 01/07/2026: its own setting, for every date field and import. */
export function DateOrderSetting() {
  const order = useDateOrder();
  const choice = (value: DateOrder, words: string) => (
    <label className="check">
      <input
        type="radio"
        name="date-order"
        value={value}
        checked={order === value}
        onChange={() => {
          setDateOrder(value);
        }}
      />{' '}
      {words}
    </label>
  );
  return (
    <form
      className="card"
      aria-labelledby="date-order-title"
      onSubmit={(e) => {
        e.preventDefault();
      }}
    >
      <h3 id="date-order-title">Dates in this window</h3>
      <fieldset>
        <legend>01/07/2026 means</legend>
        {choice('dmy', '1 July 2026 (day first)')}
        {choice('mdy', '7 January 2026 (month first)')}
      </fieldset>
      <p className="muted small">
        Used by every date field here, by Balance at and by CSV files imported in this window; now: 01/07/2026 is{' '}
        {dateOrderExample(order)}. The local API and the command line keep the API&apos;s reading (month first) unless a
        command is given <code>--date-order dmy</code>.
      </p>
    </form>
  );
}
