# Danske tekster til editor. Hver besked har sin engelske tvilling i ../en/editor.ftl.ftl.
