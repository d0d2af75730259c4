#if GTK
import Bindings
import CGTK
import Foundation

/// A message shown over a window, with buttons; the user's answer arrives as an `async` value or a
/// `Future` (a `GtkWindow` of labels and buttons, GTK 4.0 and later: it needs neither
/// `GtkMessageDialog`, deprecated in GTK 4.10, nor `GtkAlertDialog`, new in 4.10).
///
/// ```swift
/// let answer = await MessageDialog.ask(over: window, message: "Discard the draft?", buttons: .yesNo)
/// if answer == .yes { model.discardDraft() }
/// ```
///
/// The dialog is modal, shown over its parent, and destroyed once answered; closing it without a
/// button (Escape, the close button, ``Window/close()``) answers ``Response/cancel`` when it has a
/// Cancel button, ``Response/closed`` otherwise. It answers exactly once.
@MainActor
public final class MessageDialog: Window {
  /// What the user answered.
  public enum Response: Hashable, Sendable {
    /// The OK button.
    case ok
    /// The Cancel button (or closing a dialog that has one).
    case cancel
    /// The Yes button.
    case yes
    /// The No button.
    case no
    /// A button of your own, by the identifier you gave it in ``Button``.
    case custom(String)
    /// The dialog was closed without a button, and has no Cancel button.
    case closed
  }

  /// One button of a dialog: its title and the answer it gives.
  ///
  /// ```swift
  /// MessageDialog.Button("_Save", answers: .custom("save"))   // "_" marks the mnemonic
  /// ```
  public struct Button: Hashable, Sendable {
    /// The button's text; an underscore marks the next letter as its keyboard mnemonic.
    public var title: String
    /// What clicking the button answers.
    public var response: Response

    /// A button titled `title` that answers `response`.
    public init(_ title: String, answers response: Response) {
      self.title = title
      self.response = response
    }
  }

  /// The buttons of a dialog, from left to right: a preset, or your own.
  ///
  /// ```swift
  /// let buttons: MessageDialog.Buttons = [
  ///   .init("_Discard", answers: .custom("discard")),
  ///   .init("_Cancel", answers: .cancel),
  ///   .init("_Save", answers: .custom("save")),
  /// ]
  /// ```
  public struct Buttons: Hashable, Sendable, ExpressibleByArrayLiteral {
    /// The buttons, from left to right; the last is the default (Enter).
    public var buttons: [Button]

    /// These buttons, from left to right.
    public init(_ buttons: [Button]) {
      self.buttons = buttons
    }

    /// These buttons, from left to right.
    public init(arrayLiteral buttons: Button...) {
      self.buttons = buttons
    }

    /// One OK button.
    public static let ok: Buttons = [Button("_OK", answers: .ok)]
    /// Cancel and OK.
    public static let okCancel: Buttons = [Button("_Cancel", answers: .cancel), Button("_OK", answers: .ok)]
    /// No and Yes.
    public static let yesNo: Buttons = [Button("_No", answers: .no), Button("_Yes", answers: .yes)]
  }

  /// The answer: fulfilled once, with the button clicked, or with the answer to closing the dialog.
  ///
  /// ```swift
  /// let dialog = MessageDialog(message: "Saved")
  /// dialog.present(over: window)
  /// dialog.answer.sink { print($0) }.store(in: window.bindings)   // prints "ok" once clicked
  /// ```
  public let answer: Future<Response, Never>

  private let buttons: Buttons
  private var dialogButtons: [BindingsGTK.Button] = []
  private var fulfil: ((Response) -> Void)?

  /// A hidden dialog showing `message`, with `detail` in smaller text below it, and `buttons`.
  ///
  /// ```swift
  /// let dialog = MessageDialog(message: "Booked", detail: "You booked a one-way flight.", buttons: .ok)
  /// dialog.present(over: window)
  /// ```
  public init(message: String, detail: String? = nil, buttons: Buttons = .ok) {
    var promise: Future<Response, Never>.Promise?
    answer = Future { promise = $0 }
    let fulfil = promise!
    self.fulfil = { fulfil(.success($0)) }
    self.buttons = buttons
    super.init()
    isResizable = false
    let messageLabel = Label(message)
    messageLabel.setCSSClass("title-4", true)
    var rows: [Widget] = [messageLabel]
    if let detail {
      let detailLabel = Label(detail)
      gtk_label_set_wrap(detailLabel.label, 1)
      rows.append(detailLabel)
    }
    for dialogButton in buttons.buttons {
      let button = BindingsGTK.Button(dialogButton.title)
      gtk_button_set_use_underline(button.button, 1)
      button.reactive.clicked.sink { [weak self] in self?.answer(dialogButton.response) }.store(in: bindings)
      dialogButtons.append(button)
    }
    let row = Box(.horizontal, spacing: 8, dialogButtons)
    gtk_widget_set_halign(row.widget, GTK_ALIGN_END)
    rows.append(row)
    let content = Box(.vertical, spacing: 12, rows)
    for side in [
      gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start,
      gtk_widget_set_margin_end,
    ] { side(content.widget, 18) }
    child = content
    if let last = dialogButtons.last { gtk_window_set_default_widget(window, last.widget) }
    reactive.closeRequest.sink { [weak self] in self?.answered(nil) }.store(in: bindings)
    // Escape closes the dialog, as it closes GTK's own dialogs.
    let escape = gtk_shortcut_new(
      gtk_keyval_trigger_new(guint(GDK_KEY_Escape), GdkModifierType(0)), gtk_named_action_new("window.close"))
    let shortcuts = gtk_shortcut_controller_new()!
    gtk_shortcut_controller_add_shortcut(shortcuts, escape)
    gtk_widget_add_controller(widget, shortcuts)
  }

  /// Answers as if the user had clicked the button that gives `response`, or closed the dialog
  /// for ``Response/closed``; the dialog is destroyed. Does nothing once answered.
  ///
  /// ```swift
  /// dialog.respond(.ok)   // the answer is .ok
  /// ```
  public func respond(_ response: Response) {
    if response == .closed { close() } else { answer(response) }
  }

  /// The dialog's button that answers `response`: what tests click.
  func buttonWidget(answering response: Response) -> UnsafeMutablePointer<GtkWidget>? {
    buttons.buttons.firstIndex { $0.response == response }.map { dialogButtons[$0].widget }
  }

  /// Answers `response` (the answer to closing, when `nil`) once, then destroys the dialog.
  private func answer(_ response: Response) {
    guard fulfil != nil else { return }
    answered(response)
    // Destroyed once the click has been handled; the reference keeps the window until then.
    let dialog = UnsafeMutableRawPointer(object)
    g_object_ref(dialog)
    nonisolated(unsafe) let answeredDialog = dialog
    DispatchQueue.main.async {
      if isOpenWindow(answeredDialog) { gtk_window_destroy(answeredDialog.assumingMemoryBound(to: GtkWindow.self)) }
      g_object_unref(answeredDialog)
    }
  }

  private func answered(_ response: Response?) {
    guard let fulfil else { return }
    self.fulfil = nil
    let closedAnswer: Response = buttons.buttons.contains { $0.response == .cancel } ? .cancel : .closed
    fulfil(response ?? closedAnswer)
  }

  /// Shows a dialog over `parent` and returns its answer as a future.
  ///
  /// ```swift
  /// MessageDialog.present(over: window, message: "Delete 3 files?", buttons: .okCancel)
  ///   .sink { answer in if answer == .ok { model.deleteSelection() } }
  ///   .store(in: window.bindings)
  /// ```
  ///
  /// - Parameters:
  ///   - parent: The window the dialog is shown over, and blocks while it is open.
  ///   - message: The main text.
  ///   - detail: Smaller text below the message.
  ///   - buttons: The buttons; ``Buttons/ok`` by default.
  /// - Returns: The answer, fulfilled once.
  @discardableResult
  public static func present(
    over parent: Window,
    message: String,
    detail: String? = nil,
    buttons: Buttons = .ok
  ) -> Future<Response, Never> {
    let dialog = MessageDialog(message: message, detail: detail, buttons: buttons)
    dialog.present(over: parent)
    return dialog.answer
  }

  /// Shows a dialog over `parent` and waits for its answer.
  ///
  /// ```swift
  /// let answer = await MessageDialog.ask(over: window, message: "Booked", detail: "Return flight on 12.03.", buttons: .ok)
  /// print(answer)   // prints "ok"
  /// ```
  ///
  /// - Parameters:
  ///   - parent: The window the dialog is shown over, and blocks while it is open.
  ///   - message: The main text.
  ///   - detail: Smaller text below the message.
  ///   - buttons: The buttons; ``Buttons/ok`` by default.
  /// - Returns: The button clicked, or the answer to closing the dialog.
  public static func ask(
    over parent: Window,
    message: String,
    detail: String? = nil,
    buttons: Buttons = .ok
  ) async -> Response {
    await present(over: parent, message: message, detail: detail, buttons: buttons).value
  }
}

/// Whether `window` is in GTK's list of open windows (not yet destroyed).
@MainActor
private func isOpenWindow(_ window: UnsafeMutableRawPointer) -> Bool {
  WidgetTree.toplevels().contains { UnsafeMutableRawPointer($0) == window }
}

#endif
