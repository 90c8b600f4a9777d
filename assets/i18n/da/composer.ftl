# Danske tekster til composer. Hver besked har sin engelske tvilling i ../en/composer.ftl.ftl.

## Logovælgeren (picker.rs)

composer-search-logos = Søg logoer
composer-searching-logos = Søger logoer
composer-picker-add-hint = Tilføj som løs linje
composer-no-item-no = intet varenr.
composer-picker-draft = Kladde: gem kladden først
