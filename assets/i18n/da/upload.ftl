# Danske tekster til upload. Hver besked har sin engelske tvilling i ../en/upload.ftl.ftl.

upload-heading = Upload et logo
upload-limits = PNG, JPEG eller WebP på højst 10 MiB og 8000 × 8000 px. Vælg en fil, træk en ind i vinduet, eller skriv stien.
upload-pick = Upload logo…
upload-pick-hover = Vælg et billede med skrivebordets fildialog
upload-picking = Fildialogen er åben…
upload-no-file-chosen = Der blev ikke valgt en fil. Kom der ingen dialog frem, har skrivebordet ingen fildialog: træk filen ind i vinduet, eller skriv stien nedenfor.
upload-path = Filsti
upload-path-hint = /sti/til/logo.png
upload-check = Tjek fil
upload-ready = ✔ { $file } er klar til upload
upload-file-facts = { $format } · { $width } × { $height } px · { $kib } KiB · trykkes i { $width_mm } × { $height_mm } mm ved 300 DPI
upload-title = Titel
upload-title-hint = Logoets titel
upload-organization = Organisations-id
upload-own-organization = egen organisation
upload-organization-hover = Tomt: kontoens organisation. Eller id'et på en af dens underorganisationer.
upload-organization-not-number = Organisations-id'et skal være et helt tal.
upload-needs-title = Giv logoet en titel.
upload-uploading = Uploader…
upload-send = Upload
upload-send-hover = Send filen; den nye kladde åbner i editoren
upload-uploading-wait = Uploader… tjenesten læser billedet.

## Opgaver (vises mens baggrunden arbejder)

upload-task-pick = Venter på fildialogen
upload-task-check = Tjekker filen
upload-task-upload = Uploader logoet
