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

## Save as… (support/downloads.rs)

backend-save-title-csv = Save the CSV
backend-save-title-confirmation = Save the confirmation
backend-save-title-proof-sheet = Save the proof sheet
backend-save-title-file = Save the file
