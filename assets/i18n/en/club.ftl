# The club room's pages (src/club/html.rs), in the club's language.
club-title = Proof { $reference }
club-heading = Proof for approval
club-order = { $club } · reference { $reference }
club-intro = Hello { $contact }. Check each row as it will be printed: name, number and size. { $rows ->
    [one] One row awaits your answer
   *[other] { $rows } rows await your answer
} (of { $all }).
club-row = Row { $n }
club-picture-alt = { $view }, row { $n }
club-name = Name
club-number = Number
club-size = Size
club-quantity-label = Quantity
club-quantity = Quantity: { $quantity }
club-row-approved-before = ✓ Approved before, unchanged
club-who = Your name
club-terms-default = We print exactly what you approve.
club-approve = { $rows ->
    [one] Approve the row
   *[other] Approve all { $rows } rows
}
club-ask-changes = Ask for changes
club-what-changes = What should change?
club-send-changes = Send the changes asked
club-correct-link = Correct a row (name, number or size) …
club-correct-intro = Correct the name, number or size of the rows that are wrong. You approve the rest as they are.
club-correct-send = Send the corrections and approve the rest
club-back = Back to the proof
club-footer = This page shows one order of { $shop }. The link is personal: share it only with those who approve.
club-done-title = Thank you, your answer is received
club-done-approved = Approved by { $who } on { $when }.
club-done-changes = { $who } asked for changes on { $when }.
club-done-corrected = { $who } corrected { $count ->
    [one] one row
   *[other] { $count } rows
} and approved the rest on { $when }.
club-done-correction = Row { $n }: { $field } “{ $was }” → “{ $now }”
club-done-next = The shop is told at once. If anything should change afterwards, contact the shop.
club-problem-no-name = Type your name, so the shop knows who answered.
club-problem-no-note = Say what should change.
club-problem-nothing-corrected = You corrected nothing. Correct a value, or go back and approve.
club-problem-too-long = The text is too long. Make it shorter.
club-problem-no-choice = Choose Approve, Ask for changes or Correct a row.
club-problem-other-version = The proof changed since you opened the page. Look at it again, then answer.
club-gone-unknown-title = This link does not work
club-gone-unknown = The link opens no proof. Check that the whole link was copied from the e-mail, or ask the shop for a new one.
club-gone-expired-title = This link has expired
club-gone-expired = The link expired on { $when }. Ask { $shop } for a new link.
club-gone-replaced-title = There is a newer proof
club-gone-replaced = { $shop } sent a newer link for this proof. Use the newest link; this one no longer answers.
club-gone-withdrawn-title = The proof was withdrawn
club-gone-withdrawn = { $shop } withdrew this proof. Contact the shop if you still need to answer.
club-too-many = Too many tries from your address. Wait ten minutes, then open the link again.
club-too-large = The answer is too large to be received. Shorten the note and send it again.
club-busy = The proof cannot be shown right now. Try again in a minute.
club-busy-posted = Your answer could not be confirmed just now; it may have been received. Open the link again in a minute to see whether it is recorded before you answer again.
club-room-busy = The team database did not answer in time.
club-room-not-listening = The club room cannot listen on { $address }: { $reason }. Choose another address with --club-room-listen.
club-room-serving = The club room listens on { $address }; the clubs' links go to { $public }.
club-tls-unreadable = The club room's certificate file { $path } could not be read ({ $reason }). Check the path and that the sender's user may read it.
club-tls-no-certificate = { $path } holds no certificate (PEM, “-----BEGIN CERTIFICATE-----”). Give the shop's certificate chain, the server's certificate first.
club-tls-no-key = { $path } holds no private key (PEM, “-----BEGIN PRIVATE KEY-----” or the RSA/EC kinds). Give the key of the club room's certificate.
club-tls-refused = The club room's certificate and key cannot be used together ({ $reason }). Check that the key belongs to the certificate.
club-logo-title = Logo { $title }
club-logo-heading = Logo for approval
club-logo-order = { $club } · logo “{ $title }”
club-logo-intro = Hello { $contact }. Check the logo as it will be printed: its colors, transfer method and size.
club-logo-before = As uploaded
club-logo-after = As it will be printed
club-logo-picture-alt = The logo { $title }: { $state }
club-logo-method = Transfer method
club-logo-size = Size
club-logo-size-mm = { $width } × { $height } mm
club-logo-colors = Colors
club-logo-color-changed = { $was } → { $now }
club-logo-approve = Approve the logo
club-footer-logo = This page shows one logo of { $shop }. The link is personal: share it only with those who approve.
