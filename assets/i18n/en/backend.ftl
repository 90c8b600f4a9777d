# English texts of backend. Each message has its Danish twin in ../da/backend.ftl.ftl.

## Error details (support/error.rs)

backend-detail-caused-by = caused by: { $cause }
backend-detail-request = Request: { $endpoint }
backend-detail-status = HTTP status: { $status }
backend-detail-service-said = The service said: { $said }
backend-detail-retry-after = It asked to retry after { $seconds } s
backend-detail-address = Address: { $url }
backend-detail-reason = Reason: { $reason }
backend-detail-at = At { $path }: { $message }

## Accounts

backend-account-need-name = Enter a name for the account.
backend-account-need-key = Enter the account's API key.
backend-account-need-key-to-test = Enter the account's API key to test it.
backend-address-empty = Enter the service address, e.g. https://api.example.com/.
backend-address-invalid = "{ $text }" is not a valid address ({ $reason }); enter a full address such as https://api.example.com/.
backend-address-needs-https = Use https:// for this address: the API key must not travel unencrypted (http:// is allowed only for this computer, e.g. http://127.0.0.1:8787/).
backend-address-not-web = "{ $scheme }://" is not a web address; use https://, e.g. https://api.example.com/.
backend-address-no-host = The address names no host; enter e.g. https://api.example.com/.
backend-address-has-user = The address must not contain a user name or password; put the API key in its own field.
backend-address-has-query = Remove the part after ? or # from the address.

## Designs, logos, proofs

backend-clone-refused = The service refused the clone: { $said }
backend-upload-dialog-title = Upload logo
backend-upload-dialog-filter = Pictures
backend-file-unreadable-check = The file { $path } cannot be read: { $reason }. Check the path.
backend-file-unreadable = The file { $path } cannot be read: { $reason }.
backend-not-a-file = { $path } is not a file. Choose a PNG, JPEG or WebP picture.
backend-file-too-big = The file is { $size } MiB but the service accepts at most { $max } MiB; export it with fewer pixels or stronger compression.
backend-picture-too-small = The picture is { $width } × { $height } px; the service needs at least { $min } px on each side.
backend-original-colors-unknown = The original colors of this logo are not known to logodesk, so a color change cannot be sent by the service's rules. Reopen the logo and try again.
backend-proof-not-drawn = The proof of { $who } could not be drawn: { $reason } No proof sheet was saved.
backend-proof-a-row = a row
backend-no-view = The service drew no view of this design.

## Start

backend-sandbox-off = The built-in sandbox is switched off in this run, so the Sandbox account cannot be used. Choose another account in Settings → Accounts.
backend-sandbox-no-folder = The built-in sandbox could not create its data folder. Check that your user data folder is writable.
backend-sandbox-not-started = The built-in sandbox could not start, so the Sandbox account cannot be used. Restart logodesk; if it keeps happening, move sandbox.sqlite in the data folder aside.
backend-no-such-account = There is no account named "{ $name }"; the Sandbox account is used instead. Add the account in Settings → Accounts.
backend-proof-no-reference = (no reference yet)
backend-proof-design = design { $id }

## Exports (support/downloads.rs)

backend-save-csv = Save the order as CSV
backend-save-proof-sheet = Save the proof sheet
backend-save-confirmation = Save the order confirmation
backend-write-csv-failed = The CSV file could not be written to { $path }. Check that the folder is writable, or choose another.
backend-write-proof-sheet-failed = The proof sheet could not be written to { $path }. Check that the folder is writable, or choose another.
backend-write-confirmation-failed = The order confirmation could not be written to { $path }. Check that the folder is writable, or choose another.

## Pictures (support/pictures.rs)

backend-no-picture = The service sent no picture for this logo.
backend-service-picture-too-many-pixels = The service sent a picture of { $w } × { $h } pixels, more than logodesk decodes ({ $max_w } × { $max_h }), so it is not shown.
backend-service-picture-too-large = The service sent a picture of about { $mib } MiB, more than logodesk decodes ({ $max } MiB), so it is not shown.
backend-service-picture-unreadable = The logo's picture could not be read: { $reason }.
backend-picture-file-too-large = The file is { $size } but at most { $max } is accepted; export it with fewer pixels or stronger compression.
backend-picture-unsupported = The file is not a PNG, JPEG or WebP picture; save it in one of those formats and try again.
backend-picture-too-many-pixels = The picture is { $w } × { $h } pixels but at most { $max_w } × { $max_h } is accepted; scale it down and try again.
backend-picture-corrupt = The picture could not be read ({ $reason }); the file may be damaged, so export it again.
backend-picture-empty = The file is empty; choose the picture file again.
backend-picture-small = The picture is only { $w } × { $h } pixels; a logo needs at least { $min } × { $min }, so use a larger version.
backend-picture-transparent = The picture is completely transparent, so there is nothing to print; check the export settings.

## Local errors (store, keychain, start)

store-open-failed = logodesk could not open its local database { $path }: { $reason }. Check that the folder exists and is writable.
store-too-new = The local database { $path } is from a newer version of logodesk (schema { $found }, this version knows { $known }). Update logodesk to open it: it may hold orders waiting to be sent. To start afresh meanwhile, move the file together with its -wal and -shm files to another folder (do not delete them); a newer logodesk sends what they hold once it opens them again.
store-team-too-new = The team database is from a newer version of logodesk (schema { $found }, this version knows { $known }). Update logodesk on this desk to work with the team; until then this desk writes nothing to the team database.
store-team-needs-owner = The team database has schema { $found } and this version of logodesk needs { $known }, but its tables belong to the team's owner role, which this desk's role may not change. Whoever keeps the team database upgrades it once with the owner role: `logodesk --team-database postgres://logodesk_owner@…/logodesk migrate-team` (README, "the two roles"). Until then this desk writes nothing to the team database.
store-bad-version = The file { $path } says its schema version is { $found }, which no logodesk writes: it is not a logodesk database, or it is damaged. Move it together with its -wal and -shm files to another folder (do not delete them) and start logodesk again; support can look at the moved files.
store-duplicate-name = An account named "{ $name }" already exists. Choose another name.
store-tracking-id-taken = The service answered tracking id { $tracking }, which another order on this machine already has. This order may be placed: look it up before sending it again.
store-no-such-account = This account no longer exists; it may have been removed.
store-sandbox-built-in = The built-in Sandbox account cannot be removed; it is how logodesk works without set-up.
store-failed = The local database failed ({ $reason }). Restart logodesk; if it keeps happening, tell support. Do not delete logodesk.sqlite or its -wal and -shm files: they hold the order history and the orders waiting to be sent.
store-team-failed = The team database failed ({ $reason }). Check the connection under Settings → Team and try again; nothing of this desk was lost.
store-team-outcome-unknown = The team database's connection broke before it confirmed the change ({ $reason }), so it may have been made or not. Nothing of this desk was lost: look again (History, or logodesk history) before doing it again.
store-team-silent = The team database did not answer within { $seconds } s, so this desk stopped waiting for it and takes it as out of reach (what you save for the team is kept here and goes to it when it answers again; the status bar says when). What this desk does with its own accounts goes on.
store-team-too-large = The team database sent { $size } in one value for this, more than logodesk reads ({ $most }), so nothing of it was used. Someone put it there without logodesk: ask whoever runs the team database to look at the rows just asked for.
store-column = The database holds something logodesk did not write in column “{ $column }” (wanted { $wanted }): it may be damaged or belong to another program. Tell support before changing it.
store-no-row = The database did not answer a row logodesk wrote a moment ago. Try again; if it keeps happening, tell support.
keychain-unavailable = No keychain is available on this computer ({ $reason }), so the API key cannot be stored. Choose "Keep keys for this session only" in Settings → Accounts, or start a keychain service and restart logodesk.
keychain-unavailable-team = No keychain is available on this computer ({ $reason }), so the team database's password cannot be saved: logodesk never writes it to a file. Leave the password empty if the database lets this computer in without one (a Unix socket, trust or a certificate), or start a keychain service and restart logodesk.
keychain-session-key-gone = This account's API key was kept for an earlier session only. Enter it again in Settings → Accounts.
keychain-reason-no-bus = no D-Bus session is running, so the Secret Service cannot be reached
keychain-reason-no-answer = the { $store } did not answer: { $detail }
keychain-reason-unsupported = this operating system has no keychain logodesk can use
secret-file-unreadable = The secret file { $path } could not be read ({ $reason }). Check that it exists and that the user logodesk runs as may read it.
secret-file-shared = The secret file { $path } can be read by other users: chmod 600 { $path }, then start logodesk again. It was not used.
secret-file-not-owner = The secret file { $path } belongs to another user: it must belong to the user logodesk runs as (chown <user> { $path }). It was not used.
secret-file-too-big = The secret file { $path } is larger than 64 KB: it should hold one line, the key or the password. It was not used.
keychain-missing = No API key is stored for this account. Enter it in Settings → Accounts.
keychain-failed = The keychain failed: { $reason }. Unlock the keychain (or allow logodesk to use it) and try again.
backend-runtime-failed = logodesk could not start its background workers ({ $reason }). Restart logodesk.
backend-headless-stopped = logodesk's background workers stopped unexpectedly. Start logodesk send-queued again.
backend-headless-no-such-account = logodesk send-queued: there is no account named "{ $name }" in this data folder, so nothing was sent. The accounts there are: { $accounts }. Give one of these names with --account, or leave --account out for the account the window used last.
backend-headless-team-account-unread = logodesk send-queued: "{ $name }" is none of this desk's own accounts, and the team's accounts could not be read: { $reason } Nothing was sent; the orders wait in the team's outbox. Start the sender again once the team database answers (a service unit restarts it by itself).

## Orders (orders/mod.rs, orders/outbox.rs)

backend-outbox-record-failed = logodesk could not record what happened to order { $id } in its local database ({ $reason }). It keeps the order and tries again with growing pauses; nothing is placed twice meanwhile. If this keeps happening, check that the disk has space and restart logodesk.
backend-lookup-no-service = This account cannot reach its service now (see Settings → Accounts), so the order cannot be looked up. It stays as it is.
backend-lookup-changed = Only an order that may already be placed can be looked up again; this one has changed meanwhile.
backend-lookup-other-key = This order was sent with another desk's API key, to that key's own organization; asked with this desk's key it could be placed a second time, in another organization. Look it up on a desk with that key.
backend-lookup-still-refused = The service still refuses this order's key and body ({ $reason }). It may have been placed already: if you know its tracking id, attach it; copy it to a new draft only if you are sure it was not placed.
backend-no-back-to-draft = This order can no longer go back to a draft: a send may already have reached the service.
backend-roster-read-failed = The roster file could not be read. Try again.
backend-order-other-account = This order belongs to another account; switch to that account to act on it.
backend-design-by-mul = The service cannot look designs up by item number, so { $mul } is ordered as typed without its details.
backend-no-downloads-folder = There is no Downloads or home folder to save the file in.
backend-screenshot-empty = The screenshot had no usable pixels.
backend-screenshot-write-failed = The screenshot could not be written to { $path }. Check that the folder exists and is writable.
backend-no-account-yet = No account is active yet.
backend-placed-elsewhere = This order was placed at another address: its tracking id belongs there, so it was not moved. Add an account for that address to follow it.
backend-roster-dialog-title = Import roster
backend-roster-dialog-filter = Rosters
backend-club-no-room = No sender serves the club room yet, so a club's link would open nothing. Start the team's sender with --club-room-url (README: “The club room”), then ask again.
backend-club-logo-changed = The draft changed on the service since it was shown here (on another desk, or by the service): nothing was sent to the club. Open the draft again, then ask.
backend-club-logo-no-picture = The service's picture of the draft as it is now is not here, so the club would not see what will be printed: nothing was sent. Open the draft again, then ask.
backend-club-no-randomness = This computer gave no random numbers for the link, so none was made. Nothing was sent to the club; try again in a moment.
backend-proof-not-kept = The proof sheet could not be kept in the data folder ({ $reason }). Check that there is room on the disk and try again.

## The commands without a window (commands.rs, cli.rs)
backend-cli-key-file-unreadable = The key file { $path } could not be read: { $reason }. Give a file that holds the API key, or leave --api-key-file out and type the key.
backend-cli-key-file-shared = The key file { $path } can be read by other users: chmod 600 { $path }, then run the command again. Nothing was saved.
backend-cli-key-empty = No API key was given. Type the key on one line (or give --api-key-file PATH); nothing was saved.
backend-cli-migrate-needs-address = migrate-team needs the team database's address with the owner role: logodesk --team-database postgres://logodesk_owner@HOST/logodesk migrate-team. Nothing was changed.
backend-cli-password-file-unreadable = The password file { $path } could not be read: { $reason }. Give a file that holds the owner role's password on its first line. Nothing was changed.
backend-cli-password-file-shared = The password file { $path } can be read by other users: chmod 600 { $path }, then run the command again. Nothing was changed.
backend-cli-team-migrated = The team database is at schema { $version }, this version's: the desks can work with it.
backend-cli-account-elsewhere = There is already an account named "{ $name }", at { $address }. Give the same address to attach this desk's key to it, or another name for a new account. Nothing was saved.
backend-cli-no-such-account = There is no account named "{ $name }" in this data folder. The accounts there are: { $accounts }. Add it with logodesk account add first.
backend-cli-order-unreadable = The order file { $path } could not be read: { $reason }. Nothing was queued.
backend-cli-order-not-json = The order file { $path } is not an order body the service reads, at line { $line }, column { $column }: { $reason }. Nothing was queued.
backend-cli-order-invalid = { $count ->
    [one] The order breaks one rule of the service, so nothing was queued:
   *[other] The order breaks { $count } rules of the service, so nothing was queued:
}
backend-cli-account-added = The account "{ $name }" was added with its key in the keychain.
cli-account-default = No --account given: using "{ $name }" – the one account here besides the Sandbox, or the Sandbox when there are none or several. Name another with --account NAME.
cli-account-default-team-unread = No --account given, and this computer has not read the team's accounts yet: the lines here follow the Sandbox, but every account's queued orders are sent once the team database is reached. Name an account with --account NAME.
backend-cli-key-attached = The account "{ $name }" was already here at this address: this desk's key is attached to it. Orders queued with an earlier key wait in History.
backend-cli-order-may-be-queued = The order was sent to the team database, but its connection broke before it confirmed the order, and the team database could not be reached again to ask. The order may be queued (id { $id }, key { $key }) and will then be sent. Look in History, or run logodesk history --account "{ $account }", before queueing it again; queueing the same file again answers this order if the team has it.
backend-cli-order-already-queued = This order was already queued for "{ $account }" within the last day (id { $id }), so nothing was queued again. Give --again to queue a second one.
store-team-not-connected = This is kept in the team database, which this desk cannot reach now. It comes back when the connection does (the status bar says when).
team-kept-reference = { $reference } (kept from this desk)
team-left-account-name = { $name } (from the team)
store-join-name-taken = The team already has an account named “{ $name }” with another address. Rename this desk's account in Settings → Accounts (or ask who made the team's), then join again; nothing has moved yet.
backend-cli-account-other-auth = The account "{ $name }" is already here at this address and sends its key as { $theirs }. Attaching a key never changes an account's settings, so --auth { $given } was refused and nothing was saved. Leave --auth out to attach this desk's key as the account sends it, or change the header style in Settings → Accounts (for a team's account: on every desk).
backend-headless-held = { $count ->
        [one] One queued order is held
       *[other] { $count } queued orders are held
    }, so this run did not send { $count ->
        [one] it
       *[other] them
    }: the account changed or was removed, or this desk's key was replaced since a send. Decide in History what becomes of { $count ->
        [one] it
       *[other] them
    } ("Send to …" or "Back to draft"), then run send-queued again.
store-account-has-orders = “{ $name }” is the team's account, and orders of it wait on the team's desks: { $queued ->
        [0] no order queued
        [one] one order queued
       *[other] { $queued } orders queued
    } and { $in_flight ->
        [0] none sent but not completed
        [one] one sent but not completed
       *[other] { $in_flight } sent but not completed
    }. Removed now, they would be sent nowhere, so it was not removed. Wait until they are completed or failed (or take the queued ones back to draft in History), then remove it.
backend-key-address-changed = The team's account "{ $name }" now goes to { $address }, but your API key was entered for { $entered }. Someone changed the address on another desk or in the team database, so your key is not sent there. If your team moved the account, confirm the new address under Settings → Accounts (or add your key again); if not, ask the team who changed it.
backend-attach-not-uncertain = A tracking id can only be attached to an order that may already be placed.
backend-cli-order-placed-alike = An order with the reference “{ $reference }” and the same lines was queued { $when } (id { $id }). See it with logodesk history; if the club is to get the same order once more, run the command again with --again.
cli-stdout-failed = What this command did is done, but its answer could not be written to standard output: { $reason }.
cli-option-no-data-folder = 'logodesk { $command }' reads no data folder: leave out --data-dir.
cli-option-of-window = { $option } is an option of the window; 'logodesk { $command }' does not take it: leave it out.
backend-cli-key-first = The account "{ $name }" is the team's, at this address: this desk's key is kept with it in the keychain, and this desk uses it for the account from now on.
store-club-desk-row = This draft belongs to an account of this desk only (such as the Sandbox), so the club room, which shows the team's drafts, cannot show it. Make the order on the team's account to ask the club.
store-club-needs-team = The club room keeps its links and the clubs' answers in the team's database, and this desk is not on a team. Set up the team's database under Settings → Team, and have the team's sender serve the club room (README: “The club room”).
