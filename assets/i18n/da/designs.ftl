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
designs-drawn-here-views = Tegnet her — denne tjeneste tegner ikke designvisninger.
designs-drawn-here-thumbnail = Tegnet her — denne tjeneste tegner ikke miniaturer af designs.
designs-drawn-here-hover = logodesk har selv tegnet trøjen og hvert logos eget billede, hvor det er placeret. Den spørger tjenesten igen om lidt.
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

## Klon et design (src/ui/designs/clone.rs, canvas.rs)

designs-drawing-garment-request = Tegner trøjen
designs-drawing-preview-request = Tegner forhåndsvisningen
designs-cloning-request = Kloner designet
designs-clone-heading = Klon til nye designs
designs-clone-intro = Hver variant bliver et nyt design med præcis de placeringer, der står her (fjern dem, det ikke skal have). Placér variantens logoer på lærredet ved at trække dem, eller skriv tallene ved siden af. Et færdigt kildedesign giver færdige kloner med nye varenumre.
designs-variation = Variant { $n }
designs-variation-title-name = Titel på variant { $n }
designs-on-canvas = På lærredet
designs-edit-on-canvas = Redigér på lærredet
designs-edit-variation-on-canvas = Redigér variant { $n } på lærredet
designs-remove-variation = Fjern variant
designs-remove-variation-n = Fjern variant { $n }
designs-add-variation = Tilføj variant
designs-create = { $count ->
    [one] Opret { $count } design
   *[other] Opret { $count } designs
}
designs-fix-problems-first = Ret først problemerne markeret ovenfor.
designs-garment-no-views = Dette designs trøje har ingen visninger at placere logoer på.
designs-garment-failed = Trøjen kunne ikke tegnes: { $reason }
designs-drawing-garment = Tegner trøjen…
designs-canvas-view = Lærredsvisning { $name }
# Hvad lærredets zoomknapper hører til, i bestemt form (shell-zoom-out-of: "Zoom ud på …").
designs-zoom-canvas = lærredet
designs-undo = ↶ Fortryd
designs-undo-hint = Fortryd den seneste ændring af placeringer (Ctrl+Z)
designs-redo = ↷ Gentag
designs-redo-hint = Gentag (Ctrl+Shift+Z eller Ctrl+Y)
designs-add-logo = Tilføj logo…
designs-add-logo-hint = Søg et færdigt logo (Done) frem, og slip det midt i denne visning
designs-preview-service = Sådan trykker trykkeriet det
designs-preview-service-hint = Tjenestens eget billede af disse placeringer
designs-preview-fix = Forhåndsvisning — ret tallene for at opdatere
designs-preview-updating = Forhåndsvisning — opdaterer…
designs-preview-updating-hint = Tegnet her med det samme; tjenestens billede erstatter det, når det kommer
designs-scale-assumed = Antaget målestok: 2 px pr. mm.
designs-preview-failed = Tjenestens billede kunne ikke laves ({ $reason }); tegningen her bliver stående.
designs-variation-no-logos = Ingen logoer: det nye design får ingen. Tilføj et med "Tilføj logo…" på lærredet.
designs-column-angle = Vinkel °
designs-column-x = X
designs-column-y = Y
designs-placement-problem = Placering { $m }: { $problem }
designs-cell-view = Variant { $n } placering { $m } visning
designs-cell-x = Variant { $n } placering { $m } x
designs-cell-y = Variant { $n } placering { $m } y
designs-cell-angle = Variant { $n } placering { $m } vinkel
designs-select-placement-of = Vælg placering { $m } i variant { $n }
designs-select-on-canvas-hint = Logo { $id }: vælg det på lærredet
designs-remove-placement-of = Fjern placering { $m } fra variant { $n }
designs-remove-placement-hint = Fjern dette logo fra varianten
designs-clone-canvas = Klonlærred
designs-canvas-keys-help = Træk et logo for at flytte det (det fæstner sig til midterlinjen; hold Alt nede for at undgå det) · træk i det runde håndtag, eller tryk [ ] (R, Shift+R), for at dreje det 15° · piletasterne flytter det 1 px (Shift: 10 px) · Delete fjerner det · Ctrl+Z fortryder, Ctrl+Shift+Z eller Ctrl+Y gentager · hjulet zoomer, træk i trøjen for at panorere
designs-unread-placements = Designet har også placeringer under { $keys }, som logodesk ikke kan læse; de vises ikke her.
