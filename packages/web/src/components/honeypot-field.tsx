/**
 * The contact form's and the newsletter box's honeypot (`website`): off screen, out of the tab
 * order and hidden from assistive technology, so a person never fills it; a bot that does is
 * answered alike and nothing is stored (docs/decisions/039-restock-alerts.md).
 */
export function HoneypotField() {
  return (
    <input
      type="text"
      name="website"
      tabIndex={-1}
      autoComplete="off"
      aria-hidden="true"
      style={{ position: "absolute", left: "-10000px", width: 1, height: 1, overflow: "hidden" }}
    />
  );
}
