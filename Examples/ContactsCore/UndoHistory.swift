import Bindings

/// The undo stack of the Contacts window: undoable commands, newest last, at most `limit` of them.
///
/// ```swift
/// let history = UndoHistory(limit: 100)
/// history.record(.edited(before: ada, field: .firstName))
/// history.record(.edited(before: adaTyping, field: .firstName))   // merged: one step
/// history.popLast()                                                // .edited(before: ada, …)
/// ```
///
/// Consecutive edits of one field of one contact are one step, which keeps the oldest "before", so
/// typing a name is undone at once. Past `limit` steps the oldest is forgotten. Safe to use from any
/// thread: the steps are an observable array, so ``canUndo`` follows its edits in order, whichever
/// thread made them.
final class UndoHistory: Sendable {
  /// The most steps kept.
  let limit: Int
  private let steps = MutableObservableArray<UndoStep>()

  /// Creates an empty history that keeps at most `limit` steps.
  init(limit: Int) {
    precondition(limit > 0, "an undo history keeps at least one step")
    self.limit = limit
  }

  /// The steps, oldest first.
  var contents: [UndoStep] { steps.contents }

  /// Whether there is a step to undo; replays the current value.
  var canUndo: AnyPublisher<Bool, Never> {
    steps
      .map { (event: ObservableArrayEvent<UndoStep>) in !event.contents.isEmpty }
      .removeDuplicates()
      .eraseToAnyPublisher()
  }

  /// Pushes `step`, merging an edit into the previous step when both edit the same field of the
  /// same contact (the older "before" is kept), and forgetting the oldest step past the limit.
  func record(_ step: UndoStep) {
    let limit = self.limit
    steps.batchUpdate { steps in
      if case .edited(let before, let field) = step, case .edited(let previous, field)? = steps.last,
        previous.id == before.id
      {
        return
      }
      steps.append(step)
      if steps.count > limit { steps.removeFirst() }
    }
  }

  /// Takes the newest step off the stack; `nil` when there is none.
  func popLast() -> UndoStep? {
    steps.batchUpdate { $0.isEmpty ? nil : $0.removeLast() }
  }
}

/// A field of the form, to merge consecutive edits of it into one undo step.
enum ContactField: Hashable, Sendable {
  case firstName, lastName, email, phone, isFavorite, rating, group
}

/// One undoable command.
enum UndoStep: Sendable {
  case added(Contact)
  case deleted(Contact, index: Int)
  case edited(before: Contact, field: ContactField)
}

extension ContactsViewModel {
  // MARK: Undo

  /// Undoes the latest add, delete or edit still on the stack; with nothing to undo, sends an
  /// error instead.
  ///
  /// ```swift
  /// viewModel.deleteSelected()   // "Deleted Ada Lovelace"
  /// viewModel.undo()             // "Restored Ada Lovelace", selected again
  /// ```
  ///
  /// A restored or reverted contact is selected, and stays visible whatever the query (rule 3).
  public func undo() {
    guard let step = history.popLast() else {
      fail("Nothing to undo")
      return
    }
    switch step {
    case .added(let contact):
      all.batchUpdate { _ = Self.remove(id: contact.id, from: &$0) }
      succeed("Removed \(contact.fullName)")
    case .deleted(let contact, let index):
      search.keep(contact.id)
      all.batchUpdate { contacts in
        guard !contacts.contains(where: { $0.id == contact.id }) else { return }
        contacts.insert(contact, at: min(index, contacts.count))
      }
      selectedID = contact.id
      succeed("Restored \(contact.fullName)")
    case .edited(let before, _):
      search.keep(before.id)
      all.batchUpdate { contacts in
        guard let index = contacts.firstIndex(where: { $0.id == before.id }) else { return }
        contacts[index] = before
      }
      selectedID = before.id
      succeed("Undid the changes to \(before.fullName)")
    }
  }
}
