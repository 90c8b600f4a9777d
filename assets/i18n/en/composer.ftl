# English texts of composer. Each message has its Danish twin in ../da/composer.ftl.ftl.

## The logo picker (picker.rs)

composer-search-logos = Search logos
composer-searching-logos = Searching logos
composer-picker-add-hint = Add it as a loose line
composer-no-item-no = no item no.
composer-picker-draft = Draft: commit the draft first

## Fetching what the lines name (lookups.rs)

composer-fetching-design = Fetching the design
composer-fetching-logo = Fetching the logo
composer-no-item-number = no item number
composer-design-not-final = This design is not finalized ({ $status }); the service will fail the order.
composer-design-fetch-failed = { $reason } It will be ordered by the reference typed.

## The estimate (estimate.rs)

composer-estimate = Estimate
composer-estimate-final-note = The service's prices are final: its totals replace this estimate once the order completes.
composer-estimate-empty = Add a design or a logo to see its price.
composer-confirm-title = Place “{ $reference }”?
composer-confirm-note = The order is sent once and cannot be changed afterwards. The amounts are an estimate; the service's prices are final.
composer-deliver-to = Deliver to
composer-place-order = Place order
composer-cancel = Cancel
composer-badge-partial = PARTIAL
composer-badge-partial-hover = Some lines or charges are not included; see below.
composer-badge-estimate = ESTIMATE
# $shown is $count written in the language's format.
composer-line-garments = { $count ->
    [one] { $shown } garment
   *[other] { $shown } garments
}
composer-line-pieces = { $count ->
    [one] { $shown } pcs
   *[other] { $shown } pcs
}
composer-vat = VAT { $rate } %
composer-subtotal = Subtotal
composer-total = Total
composer-subtotal-spoken = Estimated subtotal { $amount }
composer-vat-spoken = Estimated VAT { $amount }
composer-total-spoken = Estimated total { $amount }
composer-not-estimated = Not estimated:
