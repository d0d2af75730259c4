import Bindings
import BindingsTesting
import ContactsCore
import Dispatch
import Testing

@Suite("ContactsViewModel: lifetimes")
struct LifetimeTests {
  @Test("A dropped view model is released with its form, its arrays and its bindings, even with a search pending")
  func releasedWhenDropped() {
    weak var weakViewModel: ContactsViewModel?
    weak var weakForm: ContactForm?
    weak var weakVisible: ObservableArray<Contact>?
    weak var weakAll: MutableObservableArray<Contact>?
    let scheduler = TestScheduler()
    do {
      let viewModel = ContactsViewModel(contacts: pioneers, scheduler: scheduler)
      weakViewModel = viewModel
      weakForm = viewModel.form
      weakVisible = viewModel.visible
      weakAll = viewModel.all
      viewModel.selectedID = 1
      viewModel.form.firstName = "Augusta"
      viewModel.add()
      viewModel.undo()
      viewModel.query = "a"
      scheduler.advance()
      viewModel.query = "ad"
    }
    #expect(weakViewModel == nil)
    #expect(weakForm == nil)
    #expect(weakVisible == nil)
    #expect(weakAll == nil)
    scheduler.run()
  }

  @Test("Views bound to a view model do not keep it alive, and keep working until it goes")
  func viewsDoNotRetain() {
    weak var weakViewModel: ContactsViewModel?
    let scheduler = TestScheduler()
    let list = FakeList()
    let status = FakeLabel()
    let entry = FakeEntry()
    do {
      let viewModel = ContactsViewModel(contacts: pioneers, scheduler: scheduler)
      weakViewModel = viewModel
      list.reactive.items { contact, _ in contact.fullName } <~ viewModel.visible
      list.$selectedRow <~> viewModel.reactive.selectedRow
      status.reactive.text <~ viewModel.$status
      entry.$text <~> viewModel.$query
      entry.text = "grace"
      scheduler.advance()
      #expect(list.rows == ["Grace Hopper"])
      #expect(status.text == "1 of 8 contacts")
    }
    #expect(weakViewModel == nil)
    entry.text = "ada"
    scheduler.run()
    #expect(list.rows == ["Grace Hopper"], "nothing is searched any more")
  }

  @Test("A view model is released once its export has finished")
  func releasedAfterExport() async {
    weak var weakViewModel: ContactsViewModel?
    let exportQueue = DispatchQueue(label: "ContactsCoreTests.lifetime")
    do {
      let (viewModel, _) = makeViewModel(ContactGenerator(seed: 5).make(count: 300), exportQueue: exportQueue)
      weakViewModel = viewModel
      viewModel.exportAll()
      #expect(await waitUntil(viewModel.$status) { $0 == "Exported 300 contacts" })
    }
    exportQueue.sync {}
    #expect(weakViewModel == nil)
  }
}
