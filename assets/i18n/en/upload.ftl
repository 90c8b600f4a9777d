# English texts of upload. Each message has its Danish twin in ../da/upload.ftl.ftl.

upload-heading = Upload a logo
upload-limits = PNG, JPEG or WebP up to 10 MiB and 8000 × 8000 px. Choose a file, drop one onto the window, or type its path.
upload-pick = Upload logo…
upload-pick-hover = Choose a picture with the desktop's file dialog
upload-picking = The file dialog is open…
upload-no-file-chosen = No file was chosen. If no dialog appeared, this desktop has no file-dialog service: drop the file onto the window or type its path below.
upload-path = File path
upload-path-hint = /path/to/logo.png
upload-check = Check file
upload-ready = ✔ { $file } is ready to upload
upload-file-facts = { $format } · { $width } × { $height } px · { $kib } KiB · prints { $width_mm } × { $height_mm } mm at 300 DPI
upload-title = Title
upload-title-hint = Title of the logo
upload-organization = Organization id
upload-own-organization = own organization
upload-organization-hover = Empty: the account's organization. Or the id of one of its child organizations.
upload-organization-not-number = The organization id must be a whole number.
upload-needs-title = Give the logo a title.
upload-uploading = Uploading…
upload-send = Upload
upload-send-hover = Send the file; the new draft opens in the editor
upload-uploading-wait = Uploading… the service is reading the picture.

## Tasks (shown while the backend works)

upload-task-pick = Waiting for the file dialog
upload-task-check = Checking the file
upload-task-upload = Uploading the logo
