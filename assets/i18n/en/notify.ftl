# Desktop notifications outside the window (src/notify/) and their setting.
notify-order-completed-title = Order completed
notify-order-failed-title = Order failed
notify-task-finished-title = Vectorizing finished
notify-club-title = The club answered
notify-order-completed = Order { $reference } for { $recipient } { $tracking ->
    [none] is completed.
   *[other] (tracking id { $tracking }) is completed.
}
notify-order-failed = Order { $reference } for { $recipient } { $tracking ->
    [none] failed: { $why }
   *[other] (tracking id { $tracking }) failed: { $why }
}
notify-open = Open
notify-settings = Notifications
notify-setting = Show desktop notifications
notify-setting-hint = When an order completes or fails, a vectorize task finishes or a club answers about its proof, while logodesk is not in front. Click one to open the order.
