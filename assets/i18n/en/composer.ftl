# English texts of composer. Each message has its Danish twin in ../da/composer.ftl.

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

## The design lines (designs.rs)

composer-designs = Designs
composer-designs-hint = Team kits: sizes, names and numbers per garment
composer-design-input-hint = Design id or item number (MUL…)
composer-design-to-add = Design to add
composer-add-design = Add design
composer-design-untitled = Design { $reference }
composer-design-counts = { $rows ->
    [one] { $rows } row
   *[other] { $rows } rows
} · { $garments ->
    [one] { $garments } garment
   *[other] { $garments } garments
}
composer-remove-design = Remove design
composer-placements = Placements: { $placements }
composer-col-row = #
composer-col-size = Size
composer-col-qty = Qty
composer-col-name = Name
composer-col-number = Number
composer-col-value-hover = Per-placeholder value (logoValues)
composer-row-copy = Copy
composer-row-copy-hover = Duplicate this row
composer-row-remove = Remove row
composer-row-problem = Row { $row }: { $problem }
composer-add-row = + Row
composer-roster-hint = Paste a roster: size, qty, name, number (tab or comma)
composer-roster = Roster
composer-add-pasted-rows = Add pasted rows
composer-add-pasted-rows-hover = Rows that cannot be read are added and marked, never dropped.
composer-import-roster = Import roster…
composer-import-roster-hover = From a CSV or Excel file: columns mapped and rows checked before they are added.

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

## The header and the delivery address (header.rs)

composer-order = Order
composer-field-reference = Reference *
composer-field-reference-hint = PO number or your own reference
composer-field-organization = Organization
composer-field-organization-hint = own (or a child's id)
composer-field-email = Notification e-mail
composer-field-email-hint = orders@club.dk
composer-field-contact-name = Contact name
composer-field-origin = Origin of delivery
composer-field-origin-hint = e.g. Webshop
composer-field-comment = Comment
composer-delivery-address = Delivery address
composer-field-name = Name *
composer-field-name-hint = Club or recipient
composer-field-street = Street *
composer-field-zip = Postal code *
composer-field-city = City *
composer-field-country = Country *
composer-field-contact-person = Contact person
composer-recent-address = Use a recent address…
composer-address-search-hint = Search name, street or city
composer-address-search = Search addresses
composer-address-none = No recent address matches.
composer-recent-addresses = Recent addresses
composer-country-choose = Choose…
composer-country-search-hint = Search name or code
composer-country-search = Search countries
composer-country-none = No country matches; try its English or Danish name or its code.
composer-country = Country

## The loose logo lines (logos.rs)

composer-loose = Loose transfers
composer-loose-hint = Logos shipped as they are; search them here, pick them in Logos → Order…, or add them by number
composer-logo-untitled = Logo { $reference }
composer-remove-logo = Remove
composer-quantity = Quantity
composer-storage = Storage
composer-text = Text
composer-logo-input-item-no-hint = Item number, e.g. 300036
composer-logo-input-id-hint = Logo id, e.g. 10036
composer-logo-to-add = Logo to add
composer-by-item-number = by item number
composer-add-logo = Add logo
composer-col-digits = Digits
composer-add-digit = + Digit

## The page (mod.rs)

composer-prepare-failed = The order could not be prepared for sending.
composer-title-placed = Placed order
composer-title-new = New order
composer-subtitle-draft = Saved as you type. Place it when every field is fine.
composer-subtitle-placed = Placed orders cannot change; copy it to a new draft to fix and resend.
composer-subtitle-creating = Creating a draft…
composer-copy-anyway = Copy anyway
composer-team-kept = The team database cannot be reached: what you type is kept on this computer and goes back to the team when the database is reachable again.
composer-copy-to-draft = Copy to new draft
composer-place-order-ellipsis = Place order…
composer-place-ready-hover = Shows the estimate and the address once more; placing sends the order once, retried with the same key until the service answers.
composer-place-problems-hover = Shows every problem to fix first, marked in red.
composer-duplicate = Duplicate
composer-duplicate-hover = A new draft with the same content
composer-to-fix = { $count ->
    [one] { $count } thing to fix
   *[other] { $count } things to fix
}
composer-state-draft = Draft
composer-state-queued = In outbox
composer-state-sent = Pending
composer-state-completed = Completed
composer-state-failed = Failed
composer-state-uncertain = Check needed
composer-state-unknown = Unknown

## A roster imported from a file (import.rs)

composer-choosing-roster = Choosing a roster file
composer-reading-roster-file = Reading the roster file
composer-roster-no-file = No file was chosen. If no file dialog appeared, this desktop has none: paste the roster into the box instead.
composer-reading-roster = Reading the roster…
composer-close = Close
composer-roster-from = Roster from { $file }
composer-first-row-header = First row is a header
composer-numbers-twice = Numbers used twice in this design: { $numbers }
composer-rows-marked = { $count ->
    [one] { $marked } of { $count } row is marked: it is added too, so you can fix it in the grid.
   *[other] { $marked } of { $count } rows are marked: they are added too, so you can fix them in the grid.
}
composer-add-rows = { $count ->
    [one] Add { $count } row
   *[other] Add { $count } rows
}
composer-column = Column { $column }: { $first }
composer-number-twice = Number { $number } is used twice in this design.
composer-roster-over-line = With these { $count } rows the design would have { $total }, and the service takes at most { $max } rows for one design. Import a shorter roster, or remove rows from the design first.

## The roster proof and the proof sheet (proof.rs)

composer-proof-show-row = Show row { $row } in the proof
composer-proof-row-marked-hover = { $why } Click to see the row in the proof.
composer-row-number-twice = Number { $number } is also on another row of this design; change one of them.
composer-paste-cut = { $count ->
    [one] One pasted row had more cells than size, qty, name and number; the cells after the number were left out.
   *[other] { $count } pasted rows had more cells than size, qty, name and number; the cells after the number were left out.
}
composer-proof-row-hover = Show this row's name and number in the proof
composer-proof-needs-id = A proof needs the design's id: the service cannot look designs up by item number.
composer-proof-drawing = Drawing the proof
composer-proof = Proof
composer-proof-sheet = Proof sheet…
composer-proof-sheet-hover = A PDF with one block per row, for the club to approve
composer-proof-sheet-disabled = Add rows first
composer-proof-row = Row { $row }
composer-proof-sample = Sample text: click a row's number to see its name and number
composer-proof-drawing-ellipsis = Drawing the proof…
composer-try-again = Try again
composer-proof-view-alt = { $view } of the proof
composer-sheet-about = A PDF for the club to approve: the order's reference, club and date, the design, and one block per row ({ $rows ->
    [one] { $rows } row
   *[other] { $rows } rows
}) with size, name, number, front and back drawn with that row's values. You choose where it is saved before it is drawn.
composer-sheet-progress = Drawing rows: { $done } of { $total }
composer-sheet-create = Create PDF
composer-sheet-saved = Saved { $path }
composer-sheet-value = Value
composer-sheet-making = Making the proof sheet

## The Orders screen: tabs, drafts and notices (../mod.rs)

composer-creating-draft = Creating a draft
composer-saved-proof-sheet = Saved the proof sheet as { $path }
composer-saved-confirmation = Saved the order confirmation as { $path }
composer-order-completed = Order { $name } ({ $reference }) completed.
composer-no-reason = no reason given
composer-order-failed = Order { $name } ({ $reference }) failed: { $why }
composer-order-uncertain = Order { $name } may already be placed: the service refused a resend after an earlier send may have reached it. Open it in History and look it up before placing it again.
composer-order-unknown = The service does not know order { $name } (tracking id { $tracking }); it is no longer checked. Open it in History to check again.
composer-tab-compose = Compose
composer-tab-drafts = Drafts ({ $count })
composer-tab-drafts-stale = Drafts ({ $count }, not fresh)
composer-new-order-button = + New order
composer-empty-title = Compose an order
composer-empty-body = Team kits with sizes, names and numbers, and loose transfers. Drafts are saved as you type.
composer-drafts-empty-title = No drafts
composer-drafts-empty-body = Orders being composed are kept here until they are placed.
composer-drafts-team-stale = Not fresh: the team database is out of reach; these are the drafts last read. Drafts made here meanwhile are kept on this computer and go to the team when it is back.
composer-drafts-empty-team-away = None of the team's drafts read yet
composer-drafts-empty-team-away-body = The team's drafts show here once its database can be reached; a draft made here meanwhile is listed at once.
composer-drafts-reference = Reference
composer-drafts-recipient = Recipient
composer-drafts-last-change = Last change
composer-drafts-no-reference = (no reference yet)
composer-drafts-open = Open
composer-drafts-delete = Delete

## The order's own sentences (src/orders: validation, estimate notes, roster rows)

orders-copy-risk = This order may already be placed: a send may have reached the service, which has not confirmed it. A copy gets a new key, so placing the copy could place the order a second time. Look it up first; copy it only if you are sure it was not placed.
orders-reference-copy = { $reference } (copy)
orders-vat-guess-no-country = No delivery country yet: VAT at { $rate } % is a guess.
orders-vat-guess = The VAT rate for { $country } is not known here: { $rate } % is a guess.
orders-column-size = Size
orders-column-quantity = Qty
orders-column-name = Name
orders-column-number = Number
orders-column-skip = (skip)
orders-row-no-size = No size.
orders-row-bad-quantity = Quantity "{ $quantity }" is not a whole number above 0.
orders-row-bad-number = Number "{ $number }" has other characters than digits.
orders-enter-quantity = Enter a quantity.
orders-not-whole-number = "{ $text }" is not a whole number.
orders-enter-design = Enter the design's id or item number (MUL…).
orders-enter-logo = Pick a logo, or enter its id or item number.
orders-design-named = Design { $reference }
orders-logo-named = Logo { $reference }
orders-unknown-garment-quantity = { $name }: a garment quantity is not a whole number.
orders-unknown-no-garments = { $name }: no garments yet.
orders-unknown-by-item-number = { $name }: the service cannot look a design up by item number, so it cannot be priced.
orders-unknown-design = { $name }: the design is not known in full yet.
orders-unknown-placement-logo = { $name }: logo { $logo } of a placement is not known in full.
orders-unknown-placements = { $name }: some placements could not be read ({ $keys }).
orders-left-out-heating = { $name }: heating fee for code { $code } is not known — not included.
orders-unknown-logo = { $name }: the logo is not known in full yet.
orders-unknown-unreadable = { $name }: a quantity or digit is not readable.
orders-unknown-no-quantity = { $name }: no quantity yet.

## Files and references (roster_import.rs, csv.rs, form.rs)

roster-file-unreadable = The file could not be read ({ $reason }). Check that it still exists and that you may open it.
roster-file-too-large = The file is { $mib } MiB; a roster file is much smaller. Choose the roster's CSV or Excel file.
roster-file-not-spreadsheet = The spreadsheet could not be read ({ $reason }). Save it as XLSX (Excel workbook) or CSV and try again.
roster-file-empty = The file has no rows. Choose the file with the roster in it.
roster-file-too-many-rows = The file has more than { $max } rows, and one design line takes at most { $max }. Keep at most { $max } players in the file (a bigger roster goes in two orders) and import it again.
roster-file-too-many-columns = Row { $row } of the file has a cell in column { $column }, and a roster has at most { $max } columns. Delete the columns the roster does not need, save the file and import it again.
roster-file-cell-too-long = The cell in row { $row }, column { $column } holds more than { $max } characters, more than any name or size. Shorten it or delete its column, save the file and import it again.
roster-file-unpacks-too-large = The spreadsheet unpacks to more than { $mib } MiB, far more than a roster. Copy the roster's rows into a new workbook (or save them as CSV) and import that.
roster-file-old-format = The file is a binary Excel workbook (.xlsb), which logodesk does not read. Open it in your spreadsheet, save it as an Excel workbook (.xlsx) or as CSV, and import that.
roster-file-excel-95 = The file is an Excel 5.0/95 workbook, older than logodesk reads. Open it in your spreadsheet, save it as an Excel workbook (.xlsx) or as CSV, and import that.
orders-csv-failed = logodesk could not write the order as CSV ({ $reason }).
orders-design-ref-shape = "{ $text }" is not a design id or item number. Type the design's id (digits only, e.g. 20001) or its item number (MUL and digits, e.g. MUL123456).
orders-digit-split = "{ $digit }" is printed as { $parts }
composer-export-roster = Export roster…
composer-export-roster-hover = Save this line's rows as a spreadsheet file (CSV) with the headings the import knows.
composer-roster-template = Roster template…
composer-roster-template-hover = Save an empty roster with the headings the import knows, for the club to fill in.
composer-roster-file-name = roster-{ $title }.csv
composer-roster-template-file-name = roster-template.csv
composer-roster-path = File:
composer-roster-path-hint = The roster file's path, e.g. C:\Users\…\roster.xlsx
composer-roster-read = Read file
composer-roster-drop-hint = You can also drop the file on the design line.
composer-drop-roster-placed = This order is placed; its rosters can't be changed. Copy it to a new draft to use the roster there.
composer-drop-roster-no-line = Add a design line first, then drop its roster on it.
composer-column-choice = What column { $column } holds

## The club's approval of proofs (proof.rs, orders/approval.rs)

approval-status-not-sent = Proof not sent
approval-status-sent = Proof sent
approval-status-approved = Approved
approval-status-changes = Changes asked
approval-status-stale = Changed since the proof
approval-mark-sent = Proof sent…
approval-mark-sent-hover = Makes this line's proof sheet, keeps that PDF with the order and marks it sent to the club.
approval-sending = Making the proof sheet to keep…
approval-record = Club's answer…
approval-record-hover = Record what the club said about the proof sent: approved, or changes asked.
approval-record-disabled = Send the proof first: mark it sent, then record the club's answer.
approval-open-proof = Open proof
approval-open-failed = The proof at { $path } could not be opened. Open it from that folder.
approval-approved-by = Approved by { $who }, { $when }
approval-changes-by = Changes asked by { $who }, { $when }
approval-sent-at = Proof sent { $when }
approval-note-shown = “{ $note }”
approval-stale = Changed since the proof ({ $changes }): send a new proof for the club to approve.
approval-change-design = design
approval-change-added = { $count ->
    [one] a row added
   *[other] { $count } rows added
}
approval-change-removed = { $count ->
    [one] a row removed
   *[other] { $count } rows removed
}
approval-change-sizes = sizes
approval-change-quantities = quantities
approval-change-names = names
approval-change-numbers = numbers
approval-change-values = printed texts
approval-record-about = What did the club say about the proof sent?
approval-who = Who at the club:
approval-who-hint = e.g. the coach's name
approval-note = Note:
approval-approved = Approved
approval-changes-asked = Changes asked
approval-line = Line { $line } · { $design }
approval-ask-title = Not every proof is approved
approval-ask-note = { $count ->
    [one] The club has not approved the proof of this line:
   *[other] The club has not approved the proofs of these { $count } lines:
}
approval-place-anyway = Place anyway
approval-error-not-sent = No proof of this line has been sent. Mark the proof sent first, then record the club's answer.
approval-error-stale = The line changed after its proof was sent, so the club's answer would be for another proof. Send a new proof first.
approval-error-no-name = Type who at the club answered.

## Two people on one draft (a team's)
composer-another-desk = another desk
composer-editing-elsewhere = { $name } is editing this draft (since { $since }). You see it read-only; it follows their changes.
composer-taken-over = { $name } took over this draft ({ $since }). What you typed since your last save is still here, not saved into it.
composer-changed-elsewhere = { $name } changed this draft at { $at } while you were editing it. Your version is still here, not saved.
composer-take-over = Take over
composer-take-over-hover = Edit it here; the other desk sees it read-only from now on
composer-keep-mine = Keep mine
composer-keep-mine-hover = Save your version over theirs
composer-use-theirs = Use theirs
composer-use-theirs-hover = Show their version; what you typed here is dropped
composer-save-mine-as-new = Save mine as a new draft
composer-save-mine-as-new-hover = Your version becomes a draft of its own; this draft keeps theirs
composer-kept-as-new = Your version of “{ $reference }” was kept as a new draft (another desk changed the draft).
composer-drafts-editing = { $changed } · { $name } is editing
composer-alike-title = Placed already?
composer-alike-note = { $number } with the reference “{ $reference }” and the same lines was placed { $when }. Placing this one too gives the club two orders.
composer-alike-note-desk = { $number } with the reference “{ $reference }” and the same lines was placed { $when } from { $desk }. Placing this one too gives the club two orders.
composer-alike-unnumbered = Order { $id }
composer-alike-keep = Keep as draft
composer-alike-again = Place it again

## The club's own approval on its page (the team's sender serves it)
composer-club-title = The club's approval
composer-club-ask = Ask the club to approve…
composer-club-resend = Resend…
composer-club-ask-hover = Makes each design line's proof sheet, keeps it with the order, and a link to a page where the club approves every row on its own phone (or corrects a row). Only the rows that changed since the club's last approval are asked again.
composer-club-ask-disabled = Every design line needs its rows first, and no proof sheet may be under way.
composer-club-withdraw = Withdraw
composer-club-withdraw-hover = The club's link stops working at once; nothing the club answered before is changed.
composer-club-making = Making the proof sheets and the club's page…
composer-club-contact = Contact at the club:
composer-club-contact-hint = e.g. Mette Hansen
composer-club-contact-missing = Type who at the club is asked.
composer-club-email = E-mail:
composer-club-language = The club's language:
composer-club-make = Make link
composer-club-link-made = A link for { $name }: { $asked } of { $rows } { $rows ->
    [one] row
   *[other] rows
} asked, open until { $until }. Copy it, mail it or let them scan the code; it is shown only now (Resend makes a new one).
composer-club-copy = Copy link
composer-club-mail = Send by e-mail…
composer-club-mail-no-address = Type the contact's e-mail to mail the link.
composer-club-qr-hover = The same link: scanned with a phone's camera it opens the club's page.
composer-club-waiting = Waiting for { $who } since { $since }
composer-club-withdrawn = The link for { $who } was withdrawn.
composer-club-replaced = The link for { $who } was replaced by a newer one.
composer-club-expired = The link for { $who } expired { $when } without an answer. Resend makes a new one.
composer-club-answered = { $line } ({ $who }, { $when })
composer-club-approved = { $club } approved { $rows ->
    [one] the row
   *[other] all { $rows } rows
}
composer-club-corrected = { $club } approved { $approved } of { $rows } { $rows ->
    [one] row
   *[other] rows
}, { $count ->
    [one] 1 correction
   *[other] { $count } corrections
}
composer-club-changes = { $club } asked for changes
composer-club-asked-by = Asked by { $who } ({ $rows } of { $all } { $all ->
    [one] row
   *[other] rows
})
composer-club-suggestion = Line { $line }, row { $row }: { $field } “{ $was }” → “{ $now }”
composer-club-apply = Apply
composer-club-apply-all = Apply every correction
composer-club-field-name = name
composer-club-field-number = number
composer-club-field-size = size
composer-club-mail-subject = Proof to approve: { $reference }
composer-club-mail-body = Dear { $name },

    { $shop } asks you to approve the proof of order { $reference } before it is printed. Open the link, check every name, number and size, and approve, correct a row or ask for changes:

    { $link }

    The link works until { $until }.

    Kind regards,
    { $shop }
composer-club-mail-subject-plain = A proof to approve from { $shop }
composer-club-mail-body-plain = Dear { $name },

    { $shop } asks you to approve a proof before it is printed. Open the link, check every name, number and size, and approve, correct a row or ask for changes:

    { $link }

    The link works until { $until }.

    Kind regards,
    { $shop }
composer-club-logo-approved = { $club } approved the logo
composer-club-intro = The club approves the proof on its own phone: every row's name, number and size as it will be printed. Its answer reaches every desk of the team.
