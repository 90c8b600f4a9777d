# English texts of composer. Each message has its Danish twin in ../da/composer.ftl.ftl.

## The logo picker (picker.rs)

composer-search-logos = Search logos
composer-searching-logos = Searching logos
composer-picker-add-hint = Add it as a loose line
composer-no-item-no = no item no.
composer-picker-draft = Draft: commit the draft first
