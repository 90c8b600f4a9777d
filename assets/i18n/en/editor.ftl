# English texts of editor. Each message has its Danish twin in ../da/editor.ftl.ftl.
