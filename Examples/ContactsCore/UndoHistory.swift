import Bindings

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
    guard let step = undoSteps.batchUpdate({ $0.isEmpty ? nil : $0.removeLast() }) else {
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

  /// Pushes `step`, merging an edit into the previous step when both edit the same field of the
  /// same contact (the older "before" is kept), and forgetting the oldest step past the limit.
  func recordUndo(_ step: UndoStep) {
    undoSteps.batchUpdate { steps in
      if case .edited(let before, let field) = step, case .edited(let previous, field)? = steps.last,
        previous.id == before.id
      {
        return
      }
      steps.append(step)
      if steps.count > Self.undoLimit { steps.removeFirst() }
    }
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
