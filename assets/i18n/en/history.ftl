# English texts of history. Each message has its Danish twin in ../da/history.ftl.ftl.

## The list

history-title = Order history
history-subtitle = { $count } placed from this machine or looked up · { $pending } in progress
history-subtitle-team = { $count } placed by the team or looked up · { $pending } in progress
history-team-stale = Not fresh: the team database is out of reach; this is what was last read. Orders placed here meanwhile wait on this computer and go to the team when it is back.
history-look-up = Look up
history-looking-up = Looking up the order
history-tracking-id = Tracking id
history-search-hint = Search order number, reference or recipient
history-search-name = Search orders
history-empty = No orders yet
history-empty-hint = Orders you place from this machine appear here and are followed until they complete.
history-empty-hint-team = Orders the team's computers place appear here and are followed until they complete.
history-empty-team-away = Nothing of the team's read yet
history-empty-team-away-hint = The team's orders show here once its database can be reached; the status bar says when it is tried again.
history-no-match = No order matches
history-no-match-hint = Try another order number, reference or recipient.
history-col-order = Order
history-col-reference = Reference
history-col-recipient = Recipient
history-col-status = Status
history-col-total = Total
history-col-updated = Updated
history-note-held = held: its account changed — open it
history-note-uncertain = may already be placed — look it up
history-note-unknown = the service does not know it
history-note-waiting = { $tries ->
    [one] waiting to send ({ $tries } try): { $error }
   *[other] waiting to send ({ $tries } tries): { $error }
}
history-note-sending = sending…
history-note-kept = kept on this computer: waits for the team database

## One order

history-back = ← History
history-order-title = Order { $number }
history-copy-to-draft = Copy to new draft
history-copy-to-draft-confirm = Copy to new draft…
history-order-again = Order again
history-order-again-hover = A new draft with the same lines and delivery address, the reference marked as a copy; nothing is sent until you place it
history-show-in-composer = Show in composer
history-confirmation-pdf = Confirmation (PDF)
history-confirmation-pdf-hover = Saves the order's confirmation (lines, totals, VAT, delivery date) as a PDF where you choose
history-export-csv = Export CSV
history-export-csv-hover = Saves the lines and totals as a CSV file where you choose, for a spreadsheet in your language
history-copy-csv = Copy CSV
history-csv-copied = The order's CSV is on the clipboard.
history-copy-anyway = Copy anyway
history-cancel = Cancel
history-confirmation-saved = Confirmation saved as { $path }
history-csv-not-saved = No file was chosen, so the CSV was not saved.
history-confirmation-not-saved = No file was chosen, so the confirmation was not saved.
history-save-in-downloads = Save in Downloads instead
history-save-in-downloads-hover = Saves it under its usual name in the folder last used, else Downloads, without asking (for when no dialog appears)
history-unknown = The service does not know this order: it answered "not found" (or something unreadable) for tracking id { $tracking } again and again, so it is no longer checked. It may belong to another environment, or the service lost it. "Check again" asks once more.
history-check-again = Check again
history-failed-no-reason = The service gave no reason.
history-failed-fix = Fix it in a new draft: "Copy to new draft" keeps everything and gets a new key.
history-outbox-waiting = { $tries ->
    [one] In the outbox: not sent yet after { $tries } try ({ $error }). It goes out as soon as the service is reachable, with the same key.
   *[other] In the outbox: not sent yet after { $tries } tries ({ $error }). It goes out as soon as the service is reachable, with the same key.
}
history-outbox-sending = In the outbox: being sent.
history-outbox-kept = Kept on this computer: the team database cannot be reached. When it is back, the order moves into the team's outbox with the same key and is sent once from there.
history-pending = Pending: the service is placing the order. It is checked every few seconds.
history-tracking-id-is = Tracking id { $tracking }
history-fact-order-number = Order number
history-fact-placed = Placed
history-fact-latest-delivery = Latest delivery
history-fact-reference = Reference
history-fact-comment = Comment
history-fact-deliver-to = Deliver to
# The contact person after an address.
history-attention = (att. { $person })
history-fact-origin = Origin
history-designs = Designs
history-col-size = Size
history-col-qty = Qty
history-col-name = Name
history-col-number = Number
history-col-values = Values
history-loose-transfers = Loose transfers
history-col-logo = Logo
history-col-item = Item
history-col-value = Value
history-subtotal = Subtotal
history-vat = VAT { $rate } %
history-total = Total
history-computed-by-service = As computed by the service.
history-saving-confirmation = Saving the order confirmation

## Held and uncertain orders

history-send-to = Send to { $address }
history-send-question = Send it with the account's settings now ({ $address })?
history-send-question-risky = Send it with the account's settings now ({ $address })? It may already be placed with the old settings.
history-send-yes = Yes, send it there
history-back-to-draft = Back to draft
history-uncertain = May already be placed — check before resending. An earlier send may have reached the service without its answer reaching logodesk, and then the service refused a resend. It is not sent again by itself. "Look up" asks the service again with the same key and the same order; if you know its tracking id, attach it.
history-uncertain-said = May already be placed — check before resending. An earlier send may have reached the service without its answer reaching logodesk, and then the service refused a resend. The service said: { $said } It is not sent again by itself. "Look up" asks the service again with the same key and the same order; if you know its tracking id, attach it.
history-look-up-hover = Send the same key and the same order once more: a placed order answers its tracking id
history-looking-order-up = Looking the order up
history-attach-name = Tracking id of this order
history-attach = Attach
history-attaching = Attaching the tracking id
history-found-as = Found: the service has this order as { $number } (tracking id { $tracking }). It is followed from now on.
history-found = Found: the service has this order. It is followed from now on.

## Held orders (orders/local.rs)

history-hold-sandbox = the built-in sandbox
history-changed-sandbox-data = sandbox data
history-changed-address = address
history-changed-key-header = key header
history-changed-organization = organization
history-changed-api-key = API key
history-changed-list = { $first } and { $last }
history-hold-account-gone = Held: the account this order was queued for was removed, so it is sent nowhere. To place it with another account, copy it to a new draft (check first that it was not placed already).
history-hold-changed = Held: it was queued for { $queued_for } but the account's { $what } changed since, so it is not sent with the new settings unless you say so. Choose "Send to { $now }" to send it there, or "Back to draft" to change it first.
history-hold-changed-risky = Held: it was queued for { $queued_for } but the account's { $what } changed since, so it is not sent with the new settings unless you say so. Choose "Send to { $now }" to send it there. A send may already have reached { $queued_for }: if that is another service, sending it there could place it twice.

## The order as CSV (orders/csv.rs): column heads and facts, lower case as spreadsheet keys

csv-kind = kind
csv-item = item
csv-title = title
csv-size = size
csv-quantity = quantity
csv-name = name
csv-number = number
csv-value = value
csv-kind-design = design
csv-kind-logo = logo
csv-order-number = order number
csv-tracking-id = tracking id
csv-reference = reference
csv-currency = currency
csv-subtotal = subtotal
csv-vat-rate = vat rate %
csv-vat = vat
csv-total = total
history-attach-differs = Tracking id { $tracking } is the order "{ $reference }" for { $recipient }, not "{ $own_reference }" for { $own_recipient }. Nothing was attached. Attach it only if you are sure it is this order.
history-attach-unsaid = The service did not say which order tracking id { $tracking } is, so logodesk cannot compare it with this one. Nothing was attached. Attach it only if you are sure it is this order.
history-attach-anyway = Attach anyway
history-placed-elsewhere = This order was placed at the address it was queued for: its tracking id belongs there, and at { $address } it would name another order or none. It stays with its address; add an account for that address to follow it.
history-filter-show = Show
history-filter-all = All orders
history-filter-attention = Needs attention
history-filter-in-progress = In progress
history-filter-completed = Completed
history-filter-failed = Failed
history-filter-recipient = Recipient
history-filter-from = From
history-filter-to = To
history-filter-day-hint = dd.mm.yyyy
history-filter-clear = Clear filters
history-filter-bad-day = "{ $day }" is not a day logodesk can read: write it as 25.11.2026 or 2026-11-25. Until then it filters nothing.
history-shown = { $count ->
    [one] 1 order found
   *[other] { $count } orders found
}
history-shown-total = { $count ->
    [one] 1 order found
   *[other] { $count } orders found
} · total { $total }{ $open ->
    [0] {""}
    [one] {" "}(1 not completed, without a total yet)
   *[other] {" "}({ $open } not completed, without a total yet)
}
history-tracking-id-invalid = Type the tracking id, a whole number such as 50001.
history-fact-placed-by = Placed by
history-placed-by = placed by { $desk }
history-listing = Finding the orders…
history-loading-more = Loading more orders…
history-show-more = Show more
history-listed = { $shown } of { $count } listed
history-estimate-differs = The order was placed with an estimate of { $estimate }; the service billed { $billed }.
history-estimate-left-out = The estimate could not price:
