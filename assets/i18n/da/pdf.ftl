# Danske tekster til de PDF'er, logodesk laver (src/pdf/): korrekturarket med holdlisten og
# ordrebekræftelsen. Hver besked har sin engelske tvilling i ../en/pdf.ftl med de samme argumenter.
# Tal (beløb, datoer, hvert $…_shown) kommer færdigskrevet i sprogets format.

## På hver side

pdf-page = Side { $page } af { $pages }
pdf-error-layout = logodesk kunne ikke sætte PDF'en op ({ $reason }).
pdf-error-font = logodesk kunne ikke læse den skrifttype, PDF'erne skrives med.
pdf-error-shape = logodesk kunne ikke sætte PDF'en op: et element på siden har ingen størrelse.

## Korrekturarket med holdlisten (src/pdf/proof.rs)

pdf-proof-title = Korrektur på holdliste
# PDF'ens titel i dens egenskaber.
pdf-proof-document-title = Korrektur på holdliste { $reference } · { $design }
pdf-proof-running = Korrektur på holdliste · { $reference } · { $club } · { $design }
pdf-proof-footer = { $running } · lavet med logodesk: billederne er tegnet af tjenesten
pdf-proof-reference = Reference
pdf-proof-club = Klub
pdf-proof-date = Dato
pdf-proof-design = Design: { $title } · { $item }
# $rows og $garments vælger formerne; $rows_shown og $garments_shown er dem skrevet ud.
pdf-proof-summary = { $rows ->
    [one] { $rows_shown } række
   *[other] { $rows_shown } rækker
} · { $garments ->
    [one] { $garments_shown } trøje
   *[other] { $garments_shown } trøjer
}. Tjek alle navne, numre og størrelser; ordren trykkes, som den står her.
pdf-proof-approved-by = Godkendt af (navn, dato, underskrift):
pdf-proof-qr = Scan og godkend på telefonen
pdf-proof-no-name = (intet navn)
pdf-proof-row-facts = Str. { $size } · Antal { $quantity } · række { $row }
pdf-proof-no-picture = Intet billede
pdf-proof-no-rows = Designlinjen har ingen rækker endnu.

## Ordrebekræftelsen (src/pdf/confirmation.rs)

pdf-confirmation-title = Ordrebekræftelse { $number }
pdf-confirmation-running = Ordrebekræftelse { $number } · { $reference }
pdf-confirmation-footer = { $running } · lavet med logodesk
pdf-confirmation-order-number = Ordrenummer
pdf-confirmation-placed = Afgivet
pdf-confirmation-reference = Reference
pdf-confirmation-latest-delivery = Senest leveret
pdf-confirmation-tracking-id = Sporings-id
pdf-confirmation-comment = Bemærkning
pdf-confirmation-origin = Afsender
pdf-confirmation-deliver-to = Leveres til
pdf-confirmation-attention = Att. { $person }
# En designlinje uden varenummer, et løst logo uden varenummer.
pdf-confirmation-design-id = design { $id }
pdf-confirmation-logo-id = logo { $id }
pdf-confirmation-design-summary = { $instances ->
    [one] { $instances_shown } række
   *[other] { $instances_shown } rækker
} · { $garments ->
    [one] { $garments_shown } trøje
   *[other] { $garments_shown } trøjer
}
pdf-confirmation-col-size = Størrelse
pdf-confirmation-col-name = Navn
pdf-confirmation-col-number = Nummer
pdf-confirmation-col-values = Værdier
pdf-confirmation-col-quantity = Antal
pdf-confirmation-loose-transfers = Løse tryk
pdf-confirmation-col-logo = Logo
pdf-confirmation-col-sku = Varenr.
pdf-confirmation-col-value = Værdi
pdf-confirmation-subtotal = Subtotal
pdf-confirmation-vat = Moms { $rate } %
pdf-confirmation-total = I alt
pdf-confirmation-figures-note = Priser, moms og beløb i alt som beregnet af tjenesten.

## Klubbens godkendelse i bekræftelsen (confirmation.rs)

pdf-confirmation-approval = Godkendelse af korrektur
pdf-confirmation-approved = { $line }: godkendt af { $who }, { $when } (korrektur { $proof })
pdf-confirmation-not-approved = { $line }: ikke godkendt — { $why }
pdf-confirmation-approval-sent = korrektur sendt, intet svar noteret
pdf-confirmation-approval-changes = { $who } ønskede ændringer, { $when }
pdf-confirmation-approval-stale = linjen er ændret efter klubbens svar
pdf-confirmation-approval-none = ingen korrektur sendt
pdf-confirmation-approval-note = Note: { $note }
