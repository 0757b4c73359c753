/**
 * Every sentence of the shop's mails in English, as ICU messages (docs/decisions/050-i18n-formatjs.md):
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

  boxReadySubject: "your box for {day} is ready",
  boxReadyHeading: "Your box for {day} is ready",
  boxReadyTotal: "Your weekly box, order {orderId}, comes to {total}.",
  boxLineUnavailable:
    "{name} is not available this week (you asked for {wanted}); it stays in your subscription and comes back when it is in season again.",
  boxItemUnavailable:
    "One of your items is not available this week (you asked for {wanted}); it stays in your subscription and comes back when it is in season again.",
  boxLineCapped: "{name}: {given} instead of {wanted}, all we have this week.",
  boxOneItem: "One item",
  boxPayBy:
    "Please pay for it by {until} with the link below; unpaid then, it is cancelled and nothing is charged. To skip this week instead, open My subscriptions.",
  boxReminderSubject: "your box for {day} is waiting to be paid",
  boxReminderHeading: "Your box for {day} is waiting",
  boxReminderUnpaid: "Order {orderId} of {total} is not paid yet.",
  boxReminderPayBy: "Please pay for it by {until}; unpaid then, it is cancelled and nothing is charged.",

  noBoxSubject: "no box on {date}",
  noBoxHeading: "No box on {date}",
  noBoxEmpty:
    "Nothing of your box is available this week, so no order was placed and nothing is charged. Your items stay in your subscription and come back when they are in season again.",
  noBoxReason: "There is no box this week: {reason}. Nothing is charged.",
  noBoxNoDelivery: "the shop does not deliver then",
  mySubscriptions: "My subscriptions",

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
  rowDiscount: "Discount ({code})",
  rowFreeShipping: "Free shipping ({code})",
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
