# English texts of tasks. Each message has its Danish twin in ../da/tasks.ftl.ftl.

tasks-title = Vectorize tasks
tasks-subtitle = Look a task up by its id to follow it here. The service has no list of tasks, so this list is kept on this computer, per account; pending tasks are checked every few seconds until they are finished.
tasks-team-stale = Not fresh: the team database is out of reach; this is the team's list as last read. Tasks can be tracked again once it is back.
tasks-looking-up = Looking up task { $id }
tasks-task-id = Task id
tasks-task-id-hint = e.g. 70001
tasks-track = Track task
tasks-need-id = Type the task's id, a whole number such as 70001.
tasks-empty = No tasks tracked
tasks-empty-hint = Type a task's id above to follow it until it is finished.
tasks-finished = Vectorize task { $id } ({ $name }) finished: { $count ->
    [one] { $count } logo created
   *[other] { $count } logos created
}.
tasks-no-logo-name = (no logo name)
tasks-card-title = Task { $id } · { $name }
tasks-pending-hover = Being vectorized; checked every few seconds
tasks-finished-hover = Done: the logos it created are listed
tasks-other-hover = A status this version does not know
tasks-remove = Remove
tasks-remove-name = Remove task { $id }
tasks-remove-hover = Stop following this task (the task itself stays)
tasks-price-not-known = not yet known
tasks-method = Method
tasks-created = Created
tasks-price-range = Price range
tasks-finished-at = Finished
tasks-final-price = Final price
tasks-created-logos = Created logos
tasks-logo-item = Logo { $logo } (item no. { $item })
tasks-logo = Logo { $logo }
tasks-open-logo = Open the logo
tasks-last-checked = Last checked { $time }
