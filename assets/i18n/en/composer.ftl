# English texts of composer. Each message has its Danish twin in ../da/composer.ftl.ftl.
