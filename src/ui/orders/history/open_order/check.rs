//! Looking an uncertain order up or attaching its tracking id, tracking an unknown one
//! again, and what the service said to it.

use super::{OpenOrder, answers};
use crate::api::OrderId;
use crate::backend::orders::OrdersCommand;
use crate::backend::{Command, RequestId};
use crate::store::LocalOrder;
use crate::ui::orders::history::parse_tracking_id;
use crate::ui::theme::{self, field, space};
use crate::ui::widgets::{IdEntry, UiExt as _, id_entry};
use crate::ui::{Shared, Slot};
use egui::{RichText, Ui};

impl OpenOrder {
    /// What the service said to the newest look-up or attach.
    pub(super) fn check_result_ui(&self, ui: &mut Ui) {
        let t = theme::tokens(ui.ctx());
        match &self.check_result {
            Some(Ok(m)) => {
                ui.label(RichText::new(m).color(t.success));
            }
            Some(Err(m)) => {
                ui.label(RichText::new(m).color(t.danger));
            }
            None => {}
        }
    }

    /// An order whose tracking lost it: say so, and offer to track it again.
    pub(super) fn unknown_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>, o: &LocalOrder) {
        let t = theme::tokens(ui.ctx());
        let tracking = o
            .tracking_id
            .map(|i| i.to_string())
            .unwrap_or_else(|| "?".into());
        ui.label(RichText::new(crate::tr!("history-unknown", tracking = tracking)).color(t.danger));
        if let Some(e) = &o.last_error {
            ui.muted_small(e);
        }
        if ui.button(crate::tr!("history-check-again")).clicked() {
            self.check_result = None;
            shared
                .backend
                .send(Command::Orders(OrdersCommand::CheckAgain { id: o.id }));
        }
    }

    /// An order that may already be placed: say so, and offer to look it up.
    pub(super) fn uncertain_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>, o: &LocalOrder) {
        let t = theme::tokens(ui.ctx());
        let sentence = match o.error_message.as_deref() {
            Some(said) => crate::tr!("history-uncertain-said", said = said.trim()),
            None => crate::tr!("history-uncertain"),
        };
        ui.label(RichText::new(sentence).color(t.warning));
        ui.add_space(space::S);
        match self.attach_question.clone() {
            Some((asked, question)) => self.attach_question_ui(ui, shared, asked, &question),
            None => self.look_up_ui(ui, shared, o),
        }
    }

    /// The order behind the tracking id typed may be another one: attach it only if the
    /// person says so.
    fn attach_question_ui(
        &mut self,
        ui: &mut Ui,
        shared: &mut Shared<'_>,
        asked: OrderId,
        question: &str,
    ) {
        let t = theme::tokens(ui.ctx());
        ui.label(RichText::new(question).color(t.warning));
        ui.horizontal(|ui| {
            if ui.button(crate::tr!("history-attach-anyway")).clicked() {
                self.attach_question = None;
                self.attach(shared, asked, true);
            }
            if ui.button(crate::tr!("history-cancel")).clicked() {
                self.attach_question = None;
            }
        });
        ui.add_space(space::S);
    }

    /// "Look up" (the service asked again) and the tracking id to attach.
    fn look_up_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>, o: &LocalOrder) {
        let busy = self.checking.is_some();
        ui.horizontal(|ui| {
            if ui
                .add_enabled(!busy, egui::Button::new(crate::tr!("history-look-up")))
                .on_hover_text(crate::tr!("history-look-up-hover"))
                .clicked()
            {
                self.check_result = None;
                self.checking = Some(shared.request(
                    Slot::OrdersCheck,
                    &crate::tr!("history-looking-order-up"),
                    |request| Command::Orders(OrdersCommand::AskAgain { request, id: o.id }),
                ));
            }
            let tracking = IdEntry::new(
                &mut self.attach,
                &mut self.attach_problem,
                crate::tr!("history-attach-name"),
                crate::tr!("history-attach"),
                parse_tracking_id,
            )
            .hint(crate::tr!("history-tracking-id"))
            .width(field::TRACKING_ID)
            .busy(busy)
            .row(ui);
            if let Some(tracking) = tracking {
                self.check_result = None;
                self.attach(shared, tracking, false);
            }
        });
        id_entry::problem_ui(ui, &self.attach_problem);
        ui.add_space(space::S);
    }

    /// Asks the backend to attach `tracking` to the order (`confirmed`: after the person was
    /// asked whether it is this order).
    fn attach(&mut self, shared: &mut Shared<'_>, tracking: OrderId, confirmed: bool) {
        let id = self.id;
        self.checking = Some(shared.request(
            Slot::OrdersCheck,
            &crate::tr!("history-attaching"),
            |request| {
                Command::Orders(OrdersCommand::Attach {
                    request,
                    id,
                    tracking,
                    confirmed,
                })
            },
        ));
    }

    /// The order to attach (request `request`) may be another one: ask the person.
    pub(in crate::ui::orders::history) fn on_attach_differs(
        &mut self,
        request: Option<RequestId>,
        tracking: OrderId,
        question: String,
    ) {
        if answers(&mut self.checking, request) {
            self.check_result = None;
            self.attach_question = Some((tracking, question));
        }
    }

    /// The answer to "Look up" or "Attach" (request `request`; only the newest one's comes).
    pub(in crate::ui::orders::history) fn on_checked(
        &mut self,
        request: Option<RequestId>,
        o: &LocalOrder,
    ) {
        if !answers(&mut self.checking, request) {
            return;
        }
        self.attach_question = None;
        self.check_result = Some(Ok(match (&o.order_number, o.tracking_id) {
            (Some(n), Some(t)) => crate::tr!(
                "history-found-as",
                number = n.as_str(),
                tracking = t.to_string()
            ),
            _ => crate::tr!("history-found"),
        }));
    }

    /// "Look up" or "Attach" (request `request`) failed: said beside the order, if the order
    /// asked it (`false`: it did not, the failure is for a toast).
    pub(in crate::ui::orders::history) fn on_check_failed(
        &mut self,
        request: Option<RequestId>,
        message: &str,
    ) -> bool {
        if !answers(&mut self.checking, request) {
            return false;
        }
        self.attach_question = None;
        self.check_result = Some(Err(message.to_owned()));
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::orders::OrdersEvent;
    use crate::backend::{Event, UserError};
    use crate::store::LocalOrderId;
    use crate::ui::orders::history::HistoryScreen;
    use crate::ui::test_bench::Bench;
    use crate::ui::{ScreenView as _, Toast};

    const A: LocalOrderId = LocalOrderId(1);
    const B: LocalOrderId = LocalOrderId(2);

    /// Order `id` shown, with "Attach" of a tracking id asked: its request.
    fn attaching(
        bench: &mut Bench,
        screen: &mut HistoryScreen,
        id: LocalOrderId,
    ) -> Option<RequestId> {
        screen.view.open = Some(id);
        let open = screen.view.open_order_mut().expect("the order's part");
        open.attach(&mut bench.shared(), OrderId(7), false);
        assert!(open.checking.is_some());
        open.checking
    }

    /// The service's order behind the tracking id is maybe not order A.
    fn differs() -> Event {
        Event::Orders(OrdersEvent::AttachDiffers {
            id: A,
            tracking: OrderId(7),
            question: "Is it this order?".into(),
        })
    }

    /// Hands the answer to `request` to the screen.
    fn answer(bench: &mut Bench, screen: &mut HistoryScreen, request: Option<RequestId>) {
        let reply = bench.settle(request).expect("the newest request");
        assert!(
            screen
                .on_event(reply, differs(), &mut bench.shared())
                .is_none()
        );
    }

    #[test]
    fn an_answer_comes_to_the_order_that_asked() {
        let (mut bench, mut screen) = (Bench::new(), HistoryScreen::default());
        let request = attaching(&mut bench, &mut screen, A);
        answer(&mut bench, &mut screen, request);
        let open = screen.view.open_order().expect("order A shown");
        assert_eq!(
            open.attach_question,
            Some((OrderId(7), "Is it this order?".into()))
        );
        assert!(open.checking.is_none());
    }

    #[test]
    fn another_order_starts_afresh_and_the_answers_of_the_first_are_dropped() {
        let (mut bench, mut screen) = (Bench::new(), HistoryScreen::default());
        let request = attaching(&mut bench, &mut screen, A);
        let open = screen.view.open_order_mut().expect("order A shown");
        open.confirm_copy = true;
        open.attach = "7".into();
        screen.view.open = Some(B);
        answer(&mut bench, &mut screen, request);
        let fresh = |open: &OpenOrder| {
            !open.confirm_copy
                && open.attach.is_empty()
                && open.checking.is_none()
                && open.attach_question.is_none()
        };
        let open = screen.view.open_order_mut().expect("order B shown");
        assert_eq!(open.id, B);
        assert!(fresh(open), "nothing of order A shows on order B");
        // Shown again, order A starts afresh too.
        screen.view.open = Some(A);
        assert!(screen.view.open_order_mut().is_some_and(|open| fresh(open)));
    }

    #[test]
    fn a_failed_look_up_is_said_beside_its_order_or_as_a_toast_once_it_is_left() {
        let (mut bench, mut screen) = (Bench::new(), HistoryScreen::default());
        let error = UserError::new("The service did not answer".to_owned(), None);
        let request = attaching(&mut bench, &mut screen, A);
        let reply = bench.settle(request).expect("the newest request");
        let said = screen.on_failed(reply, &error, &mut bench.shared());
        assert_eq!(said, Toast::Skip, "said beside the order only");
        let open = screen.view.open_order().expect("order A shown");
        assert_eq!(open.check_result, Some(Err(error.message.clone())));
        assert!(open.checking.is_none());

        let request = attaching(&mut bench, &mut screen, A);
        screen.view.open = None;
        let reply = bench.settle(request).expect("the newest request");
        let said = screen.on_failed(reply, &error, &mut bench.shared());
        assert_eq!(said, Toast::Show, "the order that asked is no longer shown");
    }
}
