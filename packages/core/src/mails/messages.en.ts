/**
 * Every sentence of the shop's mails in English, as ICU messages (docs/decisions/048-i18n-formatjs.md):
 * order mails (templates.ts), their receipts (receipt.ts), notice mails (notice-template.ts,
 * alerts/fan-out.ts, contact/contact.mails.ts). messages.fr-CA.ts has the same keys in French.
 * Values are formatted before they are passed (amounts, dates, quantities: words.ts).
 */
export const mailMessagesEn = {
  shopName: "Fruit Shop",
  subject: "Fruit Shop: {what}",
  greeting: "Hello {name},",
  deliveryWindow: "Delivery window: {window}.",
  viewOrder: "View order {orderId}",
  orderFooter: "Order {orderId}",

  holdMinutes: "{count, plural, one {# minute} other {# minutes}}",
  holdHours: "{count, plural, one {# hour} other {# hours}}",
  holdHoursMinutes: "{hours} {minutes}",
  holdUnderAMinute: "less than a minute",

  placedSubject: "order {orderId} received",
  placedHeading: "We received your order",
  placedThanks: "Thank you for your order {orderId} of {total}.",
  placedHeld:
    "We hold its items for you for {duration}, until {until}. Please pay by then: an order still unpaid at that time is cancelled and its items go back on sale.",
  placedPay: "Please pay for it on the order page.",

  paidSubject: "receipt for order {orderId}",
  paidHeading: "Thank you for your payment",
  paidReceived: "We received {total} for order {orderId}. Here is your receipt.",
  paidReceivedOn: "We received {total} for order {orderId} on {date}. Here is your receipt.",

  deliveredSubject: "order {orderId} delivered",
  deliveredHeading: "Your order was delivered",
  deliveredText: "Order {orderId} was delivered. Enjoy your fruit!",
  deliveredTextOn: "Order {orderId} was delivered on {date}. Enjoy your fruit!",

  cancelledSubject: "order {orderId} cancelled",
  cancelledHeading: "Your order was cancelled",
  cancelledText:
    "Order {orderId} was not paid in time and was cancelled. Its items went back on sale and nothing was charged.",
  cancelledTextOn:
    "Order {orderId} was not paid in time and was cancelled on {date}. Its items went back on sale and nothing was charged.",
  cancelledAgain: "You are welcome to order again at any time.",

  refundedSubject: "refund for order {orderId}",
  refundedHeading: "We refunded your payment",
  refundedText: "We refunded {amount} of order {orderId} on {date}.",
  refundedReason: "Reason: {reason}",
  refundedBank: "The money returns to the account you paid with; your bank may take a few days to show it.",

  finalSubject: "final receipt for order {orderId}",
  finalHeading: "Your order was picked and weighed",
  finalText:
    "We picked order {orderId}. You pay only for what went in your bag, never more than you approved: {total} instead of the {paid} you paid.",
  finalGivenBack:
    "We are giving back {amount} to the account you paid with as a weight adjustment; your bank may take a few days to show it.",

  columnItem: "Item",
  columnQuantity: "Quantity",
  columnPrice: "Price",
  columnTotal: "Total",
  columnOrdered: "Ordered",
  columnPicked: "Picked",
  rowItems: "Items",
  rowShipping: "Shipping",
  rowShippingZone: "Shipping ({zone})",
  rowTax: "Tax",
  rowTaxClass: "Tax {taxClass} ({rate} %)",
  rowTotal: "Total",
  rowPaid: "Paid",
  rowGivenBack: "Given back",
  shippingTo: "Shipping to",
  pricePer: "{price} / {unit}",
  lineText: "- {name}: {quantity} x {price} = {total}",
  finalLineText: "- {name}: ordered {ordered}, picked {picked} = {total}",
  finalSubstituteText: "- {name}: picked {picked} = {total}",
  pickedUnavailable: "unavailable",
  insteadOf: "{substitute} (instead of {name})",

  unsubscribeHtml: "Don't want these mails? {link} with one click.",
  unsubscribeLink: "Unsubscribe",
  unsubscribeText: "Unsubscribe: {url}",

  restockSubject: "{product} is back in stock",
  restockHeading: "{product} is back",
  restockText: "Hello {name}, you asked us to tell you: {product} is back in stock at {price}.",
  restockHurry: "Stock is limited, so don't wait too long.",
  restockOrder: "Order {product}",

  newsletterSubject: "Please confirm your newsletter subscription",
  newsletterHeading: "Confirm your subscription",
  newsletterAsked: "Someone (we hope you) asked to receive the Fruit Shop newsletter at this address.",
  newsletterIgnore: "If it was not you, ignore this mail: nothing is sent until the address is confirmed.",
  newsletterConfirm: "Confirm my subscription",

  lowStockSubject: "Running low: {product}",
  lowStockHeading: "{product} is running low",
  lowStockText: "{left} left; its low-stock threshold is {threshold}.",
  lowStockEdit: "Edit the product",

  contactSubject: "Message: {subject}",
  contactHeading: "A message from {name}",
  contactFrom: "From: {name} <{email}>",
  contactFromPhone: "From: {name} <{email}>, phone {phone}",
  contactSubjectLine: "Subject: {subject}",
  contactReply: "Reply to this mail to answer the sender.",
} as const;

export type MailKey = keyof typeof mailMessagesEn;
