# Danske tekster til upload. Hver besked har sin engelske tvilling i ../en/upload.ftl.ftl.
