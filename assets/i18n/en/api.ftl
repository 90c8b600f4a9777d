# The client's sentences, in English. The only place they are written: src/api/message.rs
# compiles this file in for the client's own `Display`, and the app shows the same messages
# (src/i18n/api.rs). Each type's `message()` in src/api/error.rs names the message and its
# arguments; each message has its Danish twin in ../da/api.ftl.

## Network and status

api-network-timeout = The service at { $url } did not answer in time. Check your network, then try again.
api-network-connect = Could not reach { $url }: { $reason }. Check the address and your network, then try again.
api-network-other = The connection to { $url } broke off: { $reason }. Check your network, then try again.
api-intermediary-gateway = A proxy or gateway between you and the service answered instead of it ({ $code }) when calling { $url }. Check your network, then try again in a moment.
api-intermediary-page = A page of the network you are on answered instead of the service at { $url } — log in to the Wi-Fi, then try again (on a company network, ask IT whether the service is blocked).
api-intermediary-certificate = The connection's certificate is not the service's ({ $url }) — a network that inspects traffic, or a wrong address. Check the address in Settings → Accounts, or try another network.
api-intermediary-proxy-auth = The proxy at { $proxy } asks for a user name and password — set them in the proxy address as http://user:password@host:port in HTTPS_PROXY, or ask IT.
api-intermediary-proxy-auth-unnamed = The network's proxy asks for a user name and password — set them in the proxy address as http://user:password@host:port in HTTPS_PROXY, or ask IT.
api-intermediary-proxy-refused = The proxy at { $proxy } would not connect to the service at { $url }. Ask IT whether the service may be reached through it, then try again.
api-intermediary-proxy-refused-unnamed = The network's proxy would not connect to the service at { $url }. Ask IT whether the service may be reached through it, then try again.
api-status-401 = Your API key was not accepted (401). Check the key in Settings → Accounts.
api-status-401-said = Your API key was not accepted (401): { $said }. Check the key in Settings → Accounts.
api-status-403 = Your account is not allowed to do this (403 Forbidden).
api-status-403-said = Your account is not allowed to do this (403 Forbidden): { $said }
api-status-404 = { $subject } was not found, or your account has no access to it.
api-status-404-unnamed = What you asked for was not found, or your account has no access to it.
api-not-offered-design-views = This service does not draw design views.
api-not-offered-design-thumbnail = This service does not draw design thumbnails.
api-not-offered-health-check = This service has no health check.
api-status-429 = The service is receiving too many requests (429). Try again in a moment.
api-status-429-in = The service is receiving too many requests (429). Try again in { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
}.
api-status-5xx = The service had a problem ({ $code }). Try again in a moment.
api-status-refused = The service refused the request ({ $status }).
api-status-refused-said = The service refused the request ({ $status }): { $said }
api-decode = The service's answer to { $endpoint } could not be read (at `{ $path }`: { $message }); this version of logodesk may need an update.
api-implausible = The service's answer to { $endpoint } holds an impossible value (at `{ $path }`: { $message }), so logodesk did not use it. Try again later; if it keeps happening, tell the service's support.
api-too-large = The service's answer to { $endpoint } is larger than { $limit }, the most logodesk reads, so it was not read. Try again later; if it keeps happening, tell the service's support.
api-validation-none = The request was not sent because it is incomplete.
api-validation-one = The request was not sent: { $first }
api-validation-many = The request was not sent because of { $count } problems; the first: { $first }

## What a request was about (the start of a 404 sentence)

api-subject-logo = Logo { $id }
api-subject-logo-item-no = The logo with item number { $item }
api-subject-design = Design { $id }
api-subject-style = Style { $id }
api-subject-task = Vectorize task { $id }
api-subject-order = Order { $id }
api-subject-health = The health check
api-subject-upload = The upload endpoint
api-subject-orders = The order endpoint

## The client's configuration

api-config-address-invalid = The service address "{ $address }" is not valid ({ $reason }). Enter a full address such as https://api.example.com/.
api-config-address-not-web = The service address "{ $address }" is not valid: it must start with https:// and name a host.
api-config-address-unencrypted = The service address "{ $address }" uses http://, so the API key would travel unencrypted; use https:// (http:// is allowed only for this computer, e.g. http://127.0.0.1:8787/). Change it in Settings → Accounts.
api-config-address-has-user = The service address must not contain a user name or password; put the API key in the key field instead.
api-config-no-key = No API key is set. Enter the key in Settings → Accounts.
api-config-key-unsendable = The API key contains characters that cannot be sent, such as spaces or line breaks. Paste it again in Settings → Accounts.
api-config-http-client = The HTTP client could not be set up ({ $reason }). Restart logodesk and try again.
api-config-path = The address for { $path } could not be formed from the service address ({ $reason }).
api-config-idempotency-key = The idempotency key contains characters that cannot be sent.
api-config-upload-twice = An upload cannot be sent twice; start the upload again.
api-config-body = The request could not be prepared ({ $reason }).
api-config-query = The query could not be prepared: it must be a flat set of values.

## The client's checks before sending

api-rule-quantity-too-small = Quantity must be at least 1, not { $quantity }.
api-rule-storage-negative = Storage quantity cannot be negative (it is { $quantity }); use 0 or leave it empty.
api-rule-nothing-to-order = Add at least one design or logo to the order.
api-rule-no-reference = Enter a reference, such as your purchase order number.
api-rule-email-implausible = "{ $email }" does not look like an e-mail address; correct it or leave it empty.
api-rule-recipient-missing = Enter the recipient's name.
api-rule-street-missing = Enter the street address.
api-rule-zip-missing = Enter the postal code.
api-rule-city-missing = Enter the city.
api-rule-country-missing = Enter the 2-letter country code, such as DK.
api-rule-country-lowercase = Write the country code in capitals: "{ $upper }".
api-rule-country-not-code = "{ $given }" is not a 2-letter country code; use one such as DK, SE or DE.
api-rule-design-ref-missing = Enter the design's item number (such as MUL123456).
api-rule-no-sizes = Add at least one size and quantity for this design.
api-rule-too-many-instances = This design has { $count } rows of sizes and names; the service takes at most { $max } per design. Remove rows, or order the rest in another order.
api-rule-size-missing = Enter a garment size, such as M, L or XL.
api-rule-number-not-digits = Number "{ $number }" may only contain digits 0–9.
api-rule-placeholder-empty = Enter the text for placeholder logo { $logo }, or remove this value.
api-rule-logo-sku-missing = Enter the logo's item number.
api-rule-number-logo-by-quantity = The { $logo } is a number logo: order it by digits (which digits, and how many of each) instead of by quantity.
api-rule-digits-for-other-kind = Only number logos are ordered by digits, and the { $logo } is a { $kind }; order it by quantity instead.
api-rule-no-digits = Add at least one digit and how many of it to order.
api-rule-digit-missing = Enter the digits to print, such as 7 or 23.
api-rule-digit-not-digits = Digit "{ $digit }" may only contain digits 0–9.
api-rule-file-empty = The file "{ $file }" is empty; choose an image file to upload.
api-rule-file-unnamed = The file has no name; choose the file again.
api-rule-title-missing = Enter a title for the logo.
api-rule-content-type = "{ $content_type }" is not a valid file type; choose the file again.
api-rule-no-color-change = Choose at least one color to change.
api-rule-original-colors-missing = Choose the original colors to replace.
api-rule-new-colors-missing = Choose the new colors.
api-rule-color-count-mismatch = Give exactly one new color for each original color ({ $from } original, { $to } new).
api-rule-resize-no-side = Give a width or a height; the other side follows proportionally.
api-rule-size-not-positive = "{ $given }" is not a size; enter a positive number of millimetres.
api-rule-method-missing = Choose a transfer method.
api-rule-no-variations = Add at least one variation to create.
api-rule-variation-title-missing = Enter a title for this variation.
api-rule-view-missing = Choose the view (such as FRONT or BACK) this logo is placed on.
api-rule-not-finite = Enter a finite number.
