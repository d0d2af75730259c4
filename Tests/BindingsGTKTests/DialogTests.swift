#if GTK
import Bindings
import CGTK
import Foundation
import XCTest

@testable import BindingsGTK

/// Windows over windows, and message dialogs answering as a future and as an `async` value.
final class DialogTests: GTKTestCase {
  func testPresentingOverAParentMakesTheWindowTransientAndModal() {
    onMain {
      let parent = Window(title: "Parent")
      show(parent)
      let child = Window(title: "Child")
      XCTAssertNil(child.transientFor)
      XCTAssertFalse(child.isModal)
      child.present(over: parent)
      XCTAssertTrue(child.transientFor === parent)
      XCTAssertTrue(gtk_window_get_transient_for(child.window) == parent.window)
      XCTAssertTrue(child.isModal)
      XCTAssertNotEqual(gtk_window_get_destroy_with_parent(child.window), 0)

      let modeless = Window(title: "Modeless")
      modeless.present(over: parent, modal: false)
      XCTAssertFalse(modeless.isModal)
      XCTAssertNotEqual(gtk_widget_get_visible(modeless.widget), 0)

      child.isResizable = false
      XCTAssertEqual(gtk_window_get_resizable(child.window), 0)
      let model = ProfileModel()
      child.reactive.isModal <~ model.$isAdmin
      XCTAssertEqual(gtk_window_get_modal(child.window), 0)
      model.isAdmin = true
      XCTAssertNotEqual(gtk_window_get_modal(child.window), 0)
    }
  }

  func testTheAnswerIsTheButtonClicked() {
    onMain {
      let parent = Window(title: "Booking")
      show(parent)
      let dialog = MessageDialog(message: "Book the flight?", detail: "One way, 12.03.", buttons: .okCancel)
      var answers: [MessageDialog.Response] = []
      let token = dialog.answer.sink { answers.append($0) }
      dialog.present(over: parent)
      XCTAssertTrue(dialog.transientFor === parent)
      XCTAssertTrue(dialog.isModal)

      // The OK button, clicked through GTK.
      let ok = dialog.buttonWidget(answering: .ok)
      XCTAssertNotNil(ok)
      cgtk_signal_emit_void(ok!, "clicked")
      waitUntil("the answer arrives") { !answers.isEmpty }
      XCTAssertEqual(answers, [.ok])
      waitUntil("the answered dialog is gone") { gtk_widget_get_visible(dialog.widget) == 0 }
      dialog.respond(.cancel)
      GTK.drainMainLoop()
      XCTAssertEqual(answers, [.ok], "a dialog answers once")
      token.cancel()
    }
  }

  func testClosingTheDialogAnswersCancelWhenItHasACancelButtonAndClosedOtherwise() {
    onMain {
      let parent = Window(title: "Parent")
      show(parent)
      var answers: [MessageDialog.Response] = []
      let withCancel = MessageDialog(message: "Discard?", buttons: .okCancel)
      let first = withCancel.answer.sink { answers.append($0) }
      withCancel.present(over: parent)
      // What Escape and the close button do: close the dialog.
      withCancel.respond(.closed)
      let onlyOK = MessageDialog(message: "Saved")
      let second = onlyOK.answer.sink { answers.append($0) }
      onlyOK.present(over: parent)
      onlyOK.close()
      waitUntil("both answers arrive") { answers.count == 2 }
      XCTAssertEqual(answers, [.cancel, .closed])
      first.cancel()
      second.cancel()
    }
  }

  func testCustomButtonsAnswerTheirOwnResponses() {
    onMain {
      let parent = Window(title: "Editor")
      show(parent)
      let future = MessageDialog.present(
        over: parent,
        message: "Save changes?",
        buttons: [
          .init("_Discard", answers: .custom("discard")), .init("_Cancel", answers: .cancel),
          .init("_Save", answers: .custom("save")),
        ]
      )
      var answer: MessageDialog.Response?
      let token = future.sink { answer = $0 }
      let dialog = openDialogs(over: parent).first
      XCTAssertNotNil(dialog)
      let save = dialog?.buttonWidget(answering: .custom("save"))
      XCTAssertEqual(
        save.flatMap { gtk_button_get_label(UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkButton.self)) }.map {
          String(cString: $0)
        }, "_Save")
      cgtk_signal_emit_void(save!, "clicked")
      waitUntil("the answer arrives") { answer != nil }
      XCTAssertEqual(answer, .custom("save"))
      token.cancel()
    }
  }

  func testAskWaitsForTheAnswer() {
    onMain {
      let parent = Window(title: "Async")
      show(parent)
      var answer: MessageDialog.Response?
      Task { @MainActor in
        answer = await MessageDialog.ask(over: parent, message: "Delete?", detail: "3 files", buttons: .yesNo)
      }
      waitUntil("the dialog opens") { !openDialogs(over: parent).isEmpty }
      let dialog = openDialogs(over: parent)[0]
      XCTAssertNil(answer)
      cgtk_signal_emit_void(dialog.buttonWidget(answering: .no)!, "clicked")
      waitUntil("the answer arrives") { answer != nil }
      XCTAssertEqual(answer, .no)
    }
  }

  func testAnAnsweredDialogIsReleased() {
    onMain {
      let before = GTKLiveObjects.total
      let parent = Window(title: "Parent")
      show(parent)
      weak var weakDialog: MessageDialog?
      var answer: MessageDialog.Response?
      var token: AnyCancellable?
      do {
        let dialog = MessageDialog(message: "Done")
        token = dialog.answer.sink { answer = $0 }
        dialog.present(over: parent)
        weakDialog = dialog
      }
      XCTAssertNotNil(weakDialog, "an open dialog lives")
      weakDialog?.respond(.ok)
      waitUntil("the dialog is gone") { weakDialog == nil }
      XCTAssertEqual(answer, .ok)
      token?.cancel()
      parent.destroy()
      GTK.drainMainLoop()
      _ = parent
      XCTAssertEqual(GTKLiveObjects.total, before + 1, "only the parent's wrapper, held here, is left")
    }
  }
}

/// The message dialogs open over `parent`.
@MainActor
func openDialogs(over parent: Window) -> [MessageDialog] {
  Window.open.compactMap { $0 as? MessageDialog }.filter { $0.transientFor === parent }
}
#endif
