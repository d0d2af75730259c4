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
    guard let screenshot else { return }
    // What a person would do: type a search, pick the second match, mark it a favourite; each step
    // waits until the window shows it.
    viewModel.query = "an"
    let searched = GTK.iterateMainLoop(
      until: { viewModel.appliedQuery == "an" && contacts.list.modelCount == viewModel.visible.count },
      timeout: .seconds(10))
    viewModel.selectRow(at: 1)
    viewModel.form.isFavorite = true
    let marked = GTK.iterateMainLoop(
      until: { contacts.list.selectedIndex == 1 && contacts.favorite.isActive }, timeout: .seconds(10))
    guard searched && marked else {
      print("Contacts: the window did not show \(searched ? "the favourite" : "the search") within 10 s")
      exit(1)
    }
    do {
      try contacts.window.renderSnapshot().savePNG(to: screenshot)
      print("Contacts: saved \(screenshot) (\(viewModel.status))")
    } catch {
      print("Contacts: \(error)")
      exit(1)
    }
    // Quit from the loop: `run` starts it after this closure returns.
    DispatchQueue.main.async { application.quit() }
  }
} catch {
  print("Contacts: \(error)")
  exit(1)
}
#else
print("Contacts needs GTK 4: swift run --traits GTK Contacts (apt install libgtk-4-dev)")
#endif
