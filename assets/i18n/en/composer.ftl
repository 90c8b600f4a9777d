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
