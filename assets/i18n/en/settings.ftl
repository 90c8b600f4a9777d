# English texts of settings. Each message has its Danish twin in ../da/settings.ftl.ftl.

## Accounts

settings-title = Settings
settings-subtitle = Accounts, language, appearance, notifications, data and version
settings-accounts = Accounts
settings-add-account = + Add account
settings-accounts-hint = Switching account reloads everything. API keys are kept in the system keychain, never in a file.
settings-loading-accounts = Loading accounts…
settings-active = Active
settings-sandbox = Built-in sandbox
settings-sandbox-at = Built-in sandbox at { $url }
settings-header-bearer = Authorization: Bearer
settings-header-x-api-key = X-Api-Key header
settings-key-keychain = key in the keychain
settings-key-session = key kept for this session only
settings-key-demo = built-in demo key
settings-org-child = acts for child organization { $organization }
settings-org-own = acts for its own organization
settings-account-facts = { $header } · { $key } · { $organization }
settings-key-moved = Your key is not sent to this address: it was entered for { $entered }, and someone changed the account's address since (on another desk or in the team database).
settings-key-moved-confirm = Send my key here
settings-key-moved-confirm-hover = Your team moved the account to { $address }: your API key goes there from now on. If nobody in the team meant to move it, do not click; ask who changed it.
settings-cancel = Cancel
settings-remove = Remove
settings-remove-confirm-hover = Remove the account and its key
settings-remove-question = Remove "{ $name }"?
settings-remove-hover = Remove this account and its key from the keychain
settings-edit = Edit
settings-edit-hover = Change { $name }
settings-use = Use
settings-use-hover = Switch to { $name } and reload everything
settings-saved = Account "{ $name }" saved.
settings-saved-keychain = Account "{ $name }" saved. Its key is in the keychain.
settings-saved-session = Account "{ $name }" saved. Its key is kept until logodesk quits.

## The account form

settings-form-edit = Edit "{ $name }"
settings-form-add = Add an account
settings-name = Name
settings-name-hint = e.g. Nordby IF live
settings-address = Service address
settings-address-sandbox = built-in sandbox
settings-key-header = Key header
settings-organization = Organization
settings-org-own-choice = Own organization
settings-org-child-choice = Child organization
settings-org-id-hint = id
settings-org-id-name = Child organization id
settings-org-hint = Uploads and orders are made for this organization.
settings-api-key = API key
settings-api-key-keep-hint = Leave empty to keep the stored key
settings-api-key-hint = Paste the key
settings-need-org-id = Enter the child organization's id, a whole number such as 1002.
settings-need-name = Enter a name for the account.
settings-need-key = Enter the API key the service gave you.
settings-orders-question = This account has { $count ->
    [one] { $count } order
   *[other] { $count } orders
} queued or placed and not confirmed yet, and the change of its { $what } changes where they go. "Send them with the new settings" sends the ones that never reached the service, and all of them if the address stays the same (a new key on the same service); any that may already be at the old address stays held so it is not placed twice. "Keep them for the old settings" holds them all, sent nowhere, until you decide for each in History.
settings-orders-follow = Send them with the new settings
settings-orders-hold = Keep them for the old settings
settings-dont-save = Don't save
settings-saving = Saving the account
settings-save = Save
settings-save-needs-consent = No keychain is available: choose "Keep keys for this session only" above first.
settings-test = Test connection
settings-test-hover = Call the health check and list one logo with these settings
settings-testing = Testing the connection

## Keychain and connection test

settings-keychain = Keychain: { $store }
settings-keychain-session = No keychain is available ({ $reason }). Keys you enter are kept in memory until logodesk quits, and must be entered again next time.
settings-keychain-unavailable = No keychain is available on this computer ({ $reason }). logodesk never writes API keys to a file. It can keep keys in memory until you quit; you would enter them again next time.
settings-keep-session-keys = Keep keys for this session only
settings-keep-session-keys-hover = Keys stay in memory and are forgotten when logodesk quits
settings-ping-ok = The service answered the health check.
settings-ping-ok-said = The service answered the health check: "{ $text }".
settings-ping-failed = Health check: { $error }
settings-logos-ok = { $count ->
    [one] The key works: the account has { $count } logo.
   *[other] The key works: the account has { $count } logos.
}
settings-logos-failed = Logo list: { $error }

## Appearance and about

settings-appearance = Appearance
settings-language = Language
settings-language-hint = Money, numbers and dates follow the language, here and in exports.
settings-theme = Theme
settings-theme-system = Follow the system
settings-theme-light = ☀ Light
settings-theme-dark = ☾ Dark
settings-about = About logodesk
settings-version = Version { $version }
settings-sandbox-listens = The built-in sandbox listens on { $url }; its data stays on this computer.

## Data on this computer: the offline copies

settings-data = Data on this computer
settings-cache-size = Offline copies: { $used } of { $budget }
settings-cache-measuring = Counting the offline copies…
settings-cache-off = No offline copies are kept: this session's data is in memory only.
settings-cache-hint = Logos and designs you have seen are kept here, so you can browse them without a connection. The oldest go first when the space is used.
settings-cache-clear = Empty the cache
settings-cache-clear-hover = Removes the offline copies of every account; logodesk fetches them again as you browse
settings-cache-clearing = Emptying the cache
settings-cache-clear-failed = The offline copies could not all be removed. Close other programs that may be using the data folder, then try again.
settings-remove-team-refused = “{ $name }” cannot be removed while orders of it wait on the team's desks: { $queued ->
        [0] no order queued
        [one] one order queued
       *[other] { $queued } orders queued
    } and { $in_flight ->
        [0] none sent but not completed
        [one] one sent but not completed
       *[other] { $in_flight } sent but not completed
    }. It is every desk's account; removed, they would be sent nowhere. Wait until they are completed or failed (or take the queued ones back to draft in History).
settings-remove-team-question = Remove “{ $name }” for every desk of the team? No order of it waits{ $drafts ->
        [0] .
        [one] ; its one draft is listed on no desk any more.
       *[other] ; its { $drafts } drafts are listed on no desk any more.
    }
settings-remove-own-waiting = Remove “{ $name }”? It has { $queued ->
        [0] no order queued
        [one] one order queued
       *[other] { $queued } orders queued
    } and { $in_flight ->
        [0] none sent but not completed
        [one] one sent but not completed
       *[other] { $in_flight } sent but not completed
    }: they are held then, sent and tracked nowhere.
settings-remove-asking = Looking at what the account holds
settings-ok = OK
settings-ping-missing = Health check: this service has none (GET /api/health/ping answers 404); the key is tried with the logo list below.
settings-logos-missing = the service has no logo list at this address (it answers 404). Check that the address is the service's root.
settings-key-none-here = no key on this computer yet: enter the account's API key under Edit
settings-api-key-none-here-hint = This computer has no key for the account yet: paste it here
settings-keychain-secret-service = the desktop's keyring (Secret Service)
settings-keychain-windows = Windows Credential Manager
settings-keychain-macos = the macOS keychain
