# English texts of gallery. Each message has its Danish twin in ../da/gallery.ftl.ftl.
