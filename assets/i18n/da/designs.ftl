# Danske tekster til designs. Hver besked har sin engelske tvilling i ../en/designs.ftl.ftl.

## Designs-skærmen (src/ui/designs/mod.rs)

designs-title = Designs
designs-intro = Åbn et design ud fra dets id. Tjenesten har ingen liste over designs og kan ikke slå et op ud fra varenummer (MUL…), så genvejene er de designs, appen har set i ordrer, åbnet eller klonet.
designs-opening-request = Åbner design { $id }
designs-drawing-request = Tegner designet
designs-created = { $count ->
    [one] { $count } design oprettet.
   *[other] { $count } designs oprettet.
}
designs-opening = Åbner designet…
designs-none-open = Intet design åbent
designs-none-open-body = Skriv et design-id ovenfor, eller vælg et, appen har set.
designs-id-label = Design-id
designs-id-hint = f.eks. 20001
designs-open-button = Åbn design
designs-mul-not-id = Tjenesten kan ikke slå designs op ud fra varenummer, så { $text } kan ikke åbnes; skriv designets id (et tal som 20001).
designs-id-invalid = Skriv designets id, et helt tal som 20001.
designs-seen-here = Set her:
designs-open-id = Åbn design { $id }
designs-new-designs = Nye designs
designs-item-no = Varenr.
designs-column-title = Titel
designs-none-not-finalized = intet (ikke færdigt)
designs-open = Åbn
designs-untitled = Design uden titel
designs-id-fact = Design-id { $id }
designs-item-no-fact = · Varenr. { $mul }
designs-copy = ❐ Kopiér
designs-copy-hint = Kopiér varenummeret (designMul i ordrer)
designs-copied = Varenummer { $mul } kopieret.
designs-no-item-no-yet = · intet varenummer endnu
designs-style = Model { $style }
designs-heating-code = Varmekode { $code }
designs-finalized = Færdigt: det kan bestilles ud fra sit id eller varenummer.
designs-status-no-item-no = intet varenummer
designs-not-finalized = Ikke færdigt ({ $status }): tjenesten afviser ordrer på det, indtil det er Done med et varenummer.
designs-clone = Klon…
designs-clone-hint = Opret nye designs ud fra dette, med ændrede placeringer
designs-order = Bestil…
designs-order-hint = Føj det til ordren, du sammensætter
designs-order-disabled-hint = Kun færdige designs (Done) kan bestilles.
designs-badge-not-finalized = Ikke færdigt
designs-badge-finalized-hint = Færdigt: kan bestilles
designs-badge-not-finalized-hint = Ikke færdigt: kan ikke bestilles endnu
designs-kind-name = Pladsholder for navn
designs-kind-name-hint = Hver trøjes navn trykkes her (angives ved bestilling)
designs-kind-number = Pladsholder for nummer
designs-kind-number-hint = Hver trøjes nummer trykkes her (angives ved bestilling)
designs-kind-text = Pladsholder for tekst
designs-kind-text-hint = En tekst, der angives ved bestilling, trykkes her
designs-kind-transfer = Transfer

## Kloneformularen (src/ui/designs/form.rs)

# Titlen en ny variant starter med; $title er kildedesignets.
designs-variation-title = { $title } – variant { $n }
designs-enter-x = Skriv X-koordinaten som et tal, f.eks. 120 eller 85,5.
designs-enter-y = Skriv Y-koordinaten som et tal, f.eks. 120 eller 85,5.
designs-enter-angle = Skriv vinklen i grader som et tal, f.eks. 0 eller -15.

## Lærredets logovælger (src/ui/designs/picker.rs)

designs-picker-search = Søg efter logoer at tilføje
designs-picker-close = Luk logovælgeren
designs-picker-add-hint = Slip det midt i den viste visning
designs-searching-logos = Søger efter logoer

## Et designs visninger og placeringer (src/ui/designs/design_view.rs)

designs-views = Visninger
designs-views-drawing = Tegner designets visninger…
designs-views-none = Dette design har ingen visninger: tjenesten tegnede intet billede af trøjen.
designs-show-view = Vis visningen { $name }
designs-show-view-large = Vis { $name } stort
# Hvad zoomknapperne på den store visning hører til, i bestemt form (shell-zoom-out-of: "Zoom ud på …").
designs-zoom-design-view = designvisningen
designs-design-view = Designvisning { $name }
designs-logo = Logo
designs-view-help = Hjul eller knib for at zoome, træk for at panorere; klik på et logo for at finde dets række nedenfor.
designs-placements = Placeringer
designs-placements-none = Dette design har ingen placerede logoer.
designs-column-view = Visning
designs-column-logo-id = Logo-id / varenr.
designs-select-placement = Vælg placering { $n }
designs-select-placement-hint = Markér den på visningen
designs-logo-unreadable = (logoet kan ikke læses)
designs-open-placement-logo = Åbn logoet for placering { $n }
designs-open-logo-hint = Åbn logoet
