# logodesk's English texts for the PDFs it makes (src/pdf/): the roster proof sheet and the order
# confirmation. Every message has its Danish twin in ../da/pdf.ftl with the same arguments.
# Figures (amounts, dates, every $…_shown) come already written in the language's format.

## On every page

pdf-page = Page { $page } of { $pages }
pdf-error-layout = logodesk could not lay out the PDF ({ $reason }).
pdf-error-font = logodesk could not read the font it writes PDFs with.
pdf-error-shape = logodesk could not lay out the PDF: a page element has no size.

## The roster proof sheet (src/pdf/proof.rs)

pdf-proof-title = Roster proof
# The PDF's title in its properties.
pdf-proof-document-title = Roster proof { $reference } · { $design }
pdf-proof-running = Roster proof · { $reference } · { $club } · { $design }
pdf-proof-footer = { $running } · made with logodesk: pictures drawn by the service
pdf-proof-reference = Reference
pdf-proof-club = Club
pdf-proof-date = Date
pdf-proof-design = Design: { $title } · { $item }
# $rows and $garments choose the forms; $rows_shown and $garments_shown are them written out.
pdf-proof-summary = { $rows ->
    [one] { $rows_shown } row
   *[other] { $rows_shown } rows
} · { $garments ->
    [one] { $garments_shown } garment
   *[other] { $garments_shown } garments
}. Check every name, number and size; the order is printed as shown.
pdf-proof-approved-by = Approved by (name, date, signature):
pdf-proof-qr = Scan to approve on your phone
pdf-proof-no-name = (no name)
pdf-proof-row-facts = Size { $size } · Qty { $quantity } · row { $row }
pdf-proof-no-picture = No picture
pdf-proof-no-rows = The design line has no rows yet.

## The order confirmation (src/pdf/confirmation.rs)

pdf-confirmation-title = Order confirmation { $number }
pdf-confirmation-running = Order confirmation { $number } · { $reference }
pdf-confirmation-footer = { $running } · made with logodesk
pdf-confirmation-order-number = Order number
pdf-confirmation-placed = Placed
pdf-confirmation-reference = Reference
pdf-confirmation-latest-delivery = Latest delivery
pdf-confirmation-tracking-id = Tracking id
pdf-confirmation-comment = Comment
pdf-confirmation-origin = Origin
pdf-confirmation-deliver-to = Deliver to
pdf-confirmation-attention = Att. { $person }
# A design line without an item number, a loose logo without a SKU.
pdf-confirmation-design-id = design { $id }
pdf-confirmation-logo-id = logo { $id }
pdf-confirmation-design-summary = { $instances ->
    [one] { $instances_shown } instance
   *[other] { $instances_shown } instances
} · { $garments ->
    [one] { $garments_shown } garment
   *[other] { $garments_shown } garments
}
pdf-confirmation-col-size = Size
pdf-confirmation-col-name = Name
pdf-confirmation-col-number = Number
pdf-confirmation-col-values = Values
pdf-confirmation-col-quantity = Quantity
pdf-confirmation-loose-transfers = Loose transfers
pdf-confirmation-col-logo = Logo
pdf-confirmation-col-sku = SKU
pdf-confirmation-col-value = Value
pdf-confirmation-subtotal = Subtotal
pdf-confirmation-vat = VAT { $rate } %
pdf-confirmation-total = Total
pdf-confirmation-figures-note = Prices, VAT and totals as computed by the service.

## The club's approval in the confirmation (confirmation.rs)

pdf-confirmation-approval = Proof approval
pdf-confirmation-approved = { $line }: approved by { $who }, { $when } (proof { $proof })
pdf-confirmation-not-approved = { $line }: not approved — { $why }
pdf-confirmation-approval-sent = proof sent, no answer recorded
pdf-confirmation-approval-changes = { $who } asked for changes, { $when }
pdf-confirmation-approval-stale = the line changed after the club's answer
pdf-confirmation-approval-none = no proof sent
pdf-confirmation-approval-note = Note: { $note }
