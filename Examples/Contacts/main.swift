// Contacts: a searchable address book in a GTK 4 window, every widget bound to a plain-Swift view
// model (ContactsCore).
//
//   swift run --traits GTK Contacts                        # opens the window
//   swift run --traits GTK Contacts --screenshot app.png   # draws the window to a PNG and quits
//   swift run --traits GTK Contacts --count 10000          # a bigger address book
#if GTK
import Bindings
import BindingsGTK
import ContactsCore
import ContactsUI
import Foundation

let arguments = CommandLine.arguments
func value(after flag: String) -> String? {
  arguments.firstIndex(of: flag).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}
let count = value(after: "--count").flatMap(Int.init) ?? 3000
let screenshot = value(after: "--screenshot")

do {
  let viewModel = ContactsViewModel(contacts: ContactGenerator(seed: 42).make(count: count))
  try GTKApplication.run { application in
    let contacts = ContactsWindow(viewModel: viewModel)
    contacts.window.present()
    if let screenshot {
      // What a person would do: type a search, pick the second match, mark it a favourite.
      viewModel.query = "an"
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(400)) {
        viewModel.selectRow(at: 1)
        viewModel.form.isFavorite = true
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300)) {
          do {
            try contacts.window.renderSnapshot().savePNG(to: screenshot)
            print("Contacts: saved \(screenshot) (\(viewModel.status))")
          } catch {
            print("Contacts: \(error)")
          }
          application.quit()
        }
      }
    }
  }
} catch {
  print("Contacts: \(error)")
  exit(1)
}
#else
print("Contacts needs GTK 4: swift run --traits GTK Contacts (apt install libgtk-4-dev)")
#endif
