// Who sends which alert: this app, or the hosting provider.
/** Which alerts this app sends itself, and which are the provider's to send. */
export function WhoDelivers() {
  return (
    <div className="card" data-testid="who-delivers">
      <h3>Who sends which alert</h3>
      <ul className="plain-list">
        <li>
          <strong>This app</strong> sends the <strong>low-balance warning</strong> and the <strong>forecast</strong>{' '}
          (&ldquo;will fall below your level within 7 days&rdquo;) as desktop notifications while it runs, and a{' '}
          <strong>usage summary</strong> at the end of each chosen day, week or month (also a desktop notification).
        </li>
        <li>
          <strong>Your hosting provider</strong> sends the <strong>disk</strong> and <strong>bandwidth</strong> alerts:
          this app does not know your disk or bandwidth use. The levels chosen here are what the API reports for it to
          act on.
        </li>
      </ul>
    </div>
  );
}
