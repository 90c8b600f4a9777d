# English texts of upload. Each message has its Danish twin in ../da/upload.ftl.ftl.
