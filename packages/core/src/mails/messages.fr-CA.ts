import type { MailKey } from "./messages.en.ts";

/** Every sentence of the shop's mails in Québec French (the keys of messages.en.ts; decision 050). */
export const mailMessagesFr: Readonly<Record<MailKey, string>> = {
  shopName: "Fruit Shop",
  subject: "Fruit Shop : {what}",
  greeting: "Bonjour {name},",
  deliveryWindow: "Plage de livraison : {window}.",
  viewOrder: "Voir la commande {orderId}",
  orderFooter: "Commande {orderId}",

  holdMinutes: "{count, plural, one {# minute} other {# minutes}}",
  holdHours: "{count, plural, one {# heure} other {# heures}}",
  holdHoursMinutes: "{hours} {minutes}",
  holdUnderAMinute: "moins d’une minute",

  placedSubject: "commande {orderId} reçue",
  placedHeading: "Nous avons reçu votre commande",
  placedThanks: "Merci pour votre commande {orderId} de {total}.",
  placedHeld:
    "Nous réservons ses articles pour vous pendant {duration}, jusqu’au {until}. Veuillez payer d’ici là : une commande encore impayée à ce moment est annulée et ses articles sont remis en vente.",
  placedPay: "Veuillez la payer sur la page de la commande.",

  boxReadySubject: "votre panier du {day} est prêt",
  boxReadyHeading: "Votre panier du {day} est prêt",
  boxReadyTotal: "Votre panier de la semaine, commande {orderId}, s’élève à {total}.",
  boxLineUnavailable:
    "{name} n’est pas disponible cette semaine (vous en avez demandé {wanted}); il reste dans votre abonnement et reviendra en saison.",
  boxItemUnavailable:
    "Un de vos articles n’est pas disponible cette semaine (vous en avez demandé {wanted}); il reste dans votre abonnement et reviendra en saison.",
  boxLineCapped: "{name} : {given} au lieu de {wanted}, tout ce que nous avons cette semaine.",
  boxOneItem: "Un article",
  boxPayBy:
    "Veuillez le payer d’ici le {until} avec le lien ci-dessous; s’il n’est pas payé à ce moment, il est annulé et rien n’est facturé. Pour sauter cette semaine, ouvrez Mes abonnements.",
  boxReminderSubject: "votre panier du {day} attend d’être payé",
  boxReminderHeading: "Votre panier du {day} vous attend",
  boxReminderUnpaid: "La commande {orderId} de {total} n’est pas encore payée.",
  boxReminderPayBy:
    "Veuillez la payer d’ici le {until}; si elle n’est pas payée à ce moment, elle est annulée et rien n’est facturé.",

  noBoxSubject: "pas de panier le {date}",
  noBoxHeading: "Pas de panier le {date}",
  noBoxEmpty:
    "Rien de votre panier n’est disponible cette semaine : aucune commande n’a été passée et rien n’est facturé. Vos articles restent dans votre abonnement et reviendront en saison.",
  noBoxReason: "Pas de panier cette semaine : {reason}. Rien n’est facturé.",
  noBoxNoDelivery: "la boutique ne livre pas ce jour-là",
  mySubscriptions: "Mes abonnements",

  paidSubject: "reçu de la commande {orderId}",
  paidHeading: "Merci pour votre paiement",
  paidReceived: "Nous avons reçu {total} pour la commande {orderId}. Voici votre reçu.",
  paidReceivedOn: "Nous avons reçu {total} pour la commande {orderId} le {date}. Voici votre reçu.",

  deliveredSubject: "commande {orderId} livrée",
  deliveredHeading: "Votre commande a été livrée",
  deliveredText: "La commande {orderId} a été livrée. Bonne dégustation!",
  deliveredTextOn: "La commande {orderId} a été livrée le {date}. Bonne dégustation!",

  cancelledSubject: "commande {orderId} annulée",
  cancelledHeading: "Votre commande a été annulée",
  cancelledText:
    "La commande {orderId} n’a pas été payée à temps et a été annulée. Ses articles ont été remis en vente et rien n’a été facturé.",
  cancelledTextOn:
    "La commande {orderId} n’a pas été payée à temps et a été annulée le {date}. Ses articles ont été remis en vente et rien n’a été facturé.",
  cancelledAgain: "Vous pouvez commander de nouveau en tout temps.",

  refundedSubject: "remboursement de la commande {orderId}",
  refundedHeading: "Nous avons remboursé votre paiement",
  refundedText: "Nous avons remboursé {amount} de la commande {orderId} le {date}.",
  refundedReason: "Motif : {reason}",
  refundedBank:
    "L’argent retourne au compte avec lequel vous avez payé; votre banque peut prendre quelques jours à l’afficher.",

  finalSubject: "reçu final de la commande {orderId}",
  finalHeading: "Votre commande a été préparée et pesée",
  finalText:
    "Nous avons préparé la commande {orderId}. Vous ne payez que ce qui est dans votre sac, jamais plus que ce que vous avez approuvé : {total} au lieu des {paid} payés.",
  finalGivenBack:
    "Nous vous remettons {amount} sur le compte avec lequel vous avez payé, en ajustement de poids; votre banque peut prendre quelques jours à l’afficher.",

  columnItem: "Article",
  columnQuantity: "Quantité",
  columnPrice: "Prix",
  columnTotal: "Total",
  columnOrdered: "Commandé",
  columnPicked: "Préparé",
  rowItems: "Articles",
  rowShipping: "Livraison",
  rowShippingZone: "Livraison ({zone})",
  rowDiscount: "Rabais ({code})",
  rowFreeShipping: "Livraison offerte ({code})",
  rowTax: "Taxes",
  rowTaxClass: "Taxes {taxClass} ({rate} %)",
  rowTotal: "Total",
  rowPaid: "Payé",
  rowGivenBack: "Remboursé",
  shippingTo: "Livraison à",
  pricePer: "{price} / {unit}",
  lineText: "- {name} : {quantity} x {price} = {total}",
  finalLineText: "- {name} : commandé {ordered}, préparé {picked} = {total}",
  finalSubstituteText: "- {name} : préparé {picked} = {total}",
  pickedUnavailable: "non disponible",
  insteadOf: "{substitute} (au lieu de {name})",

  unsubscribeHtml: "Vous ne voulez plus de ces courriels? {link} en un clic.",
  unsubscribeLink: "Désabonnez-vous",
  unsubscribeText: "Se désabonner : {url}",

  restockSubject: "{product} est de retour en stock",
  restockHeading: "{product} est de retour",
  restockText:
    "Bonjour {name}, vous nous avez demandé de vous prévenir : {product} est de retour en stock à {price}.",
  restockHurry: "Le stock est limité, ne tardez pas trop.",
  restockOrder: "Commander {product}",

  newsletterSubject: "Veuillez confirmer votre abonnement à l’infolettre",
  newsletterHeading: "Confirmez votre abonnement",
  newsletterAsked:
    "Quelqu’un (vous, nous l’espérons) a demandé à recevoir l’infolettre de Fruit Shop à cette adresse.",
  newsletterIgnore:
    "Si ce n’était pas vous, ignorez ce courriel : rien n’est envoyé tant que l’adresse n’est pas confirmée.",
  newsletterConfirm: "Confirmer mon abonnement",

  lowStockSubject: "Stock bas : {product}",
  lowStockHeading: "{product} est presque épuisé",
  lowStockText: "Il en reste {left}; son seuil de stock bas est {threshold}.",
  lowStockEdit: "Modifier le produit",

  contactSubject: "Message : {subject}",
  contactHeading: "Un message de {name}",
  contactFrom: "De : {name} <{email}>",
  contactFromPhone: "De : {name} <{email}>, téléphone {phone}",
  contactSubjectLine: "Objet : {subject}",
  contactReply: "Répondez à ce courriel pour répondre à l’expéditeur.",
};
