# Danske tekster til composer. Hver besked har sin engelske tvilling i ../en/composer.ftl.ftl.
