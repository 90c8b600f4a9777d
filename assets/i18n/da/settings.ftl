# Danske tekster til settings. Hver besked har sin engelske tvilling i ../en/settings.ftl.ftl.
