# English texts of settings. Each message has its Danish twin in ../da/settings.ftl.ftl.
