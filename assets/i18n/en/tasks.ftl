# English texts of tasks. Each message has its Danish twin in ../da/tasks.ftl.ftl.
