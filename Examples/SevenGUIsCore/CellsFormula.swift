/// The parsed text of a cell (rules 1 and 2 of ``CellsModel``): a constant, or the tree of a
/// formula — numbers, the cells of references and ranges, and what is done with them.
indirect enum Formula {
  /// Nothing, a number (typed, or in a formula) or text as typed, or the error of a malformed formula.
  case constant(CellValue)
  /// A cell reference (one cell) or a range (a rectangle of cells, row by row).
  case cells([CellAddress])
  /// `+`, `-`, `*` or `/`; unary minus is `0 - operand`.
  case arithmetic(Character, Formula, Formula)
  /// A function of the numbers of its arguments; `nil` is "#VALUE".
  case call(([Double]) -> Double?, [Formula])

  /// The formula of a cell's text: empty, a number, text, or a formula after "=".
  init(cellText text: String) {
    guard text.first == "=" else {
      self = .constant(text.isEmpty ? .empty : Double(text).map(CellValue.number) ?? .text(text))
      return
    }
    var parser = FormulaParser(text.dropFirst())
    do {
      self = try parser.expression()
      guard parser.rest.allSatisfy(\.isWhitespace) else { throw CellValue.error("#PARSE") }
    } catch {
      self = .constant(error as? CellValue ?? .error("#PARSE"))
    }
  }

  /// The cells the formula reads.
  var references: Set<CellAddress> {
    switch self {
    case .constant: []
    case .cells(let cells): Set(cells)
    case .arithmetic(_, let left, let right): left.references.union(right.references)
    case .call(_, let arguments): Set(arguments.flatMap(\.references))
    }
  }

  /// The value the cell shows, reading other cells with `cell`.
  func value(_ cell: (CellAddress) -> CellValue) -> CellValue {
    if case .constant(let value) = self { return value }
    do { return .number(try number { try cell($0).asNumber() }) } catch {
      return error as? CellValue ?? .error("#VALUE")
    }
  }

  /// The formula's numbers: one, or a range's; `cell` reads a cell's number.
  private func numbers(_ cell: (CellAddress) throws -> Double) throws -> [Double] {
    switch self {
    case .constant(let value): return [try value.asNumber()]
    case .cells(let cells): return try cells.map(cell)
    case .arithmetic(let operation, let left, let right):
      let (x, y) = (try left.number(cell), try right.number(cell))
      switch operation {
      case "+": return [x + y]
      case "-": return [x - y]
      case "*": return [x * y]
      default: if y == 0 { throw CellValue.error("#DIV/0") } else { return [x / y] }
      }
    case .call(let function, let arguments):
      guard let result = function(try arguments.flatMap { try $0.numbers(cell) }) else {
        throw CellValue.error("#VALUE")
      }
      return [result]
    }
  }

  /// The formula's one number; a range, or a function's argument list, is no operand ("#VALUE").
  private func number(_ cell: (CellAddress) throws -> Double) throws -> Double {
    let numbers = try numbers(cell)
    guard numbers.count == 1 else { throw CellValue.error("#VALUE") }
    return numbers[0]
  }
}

/// A formula that has no value throws the error its cell shows: `CellValue.error("#DIV/0")`.
extension CellValue: Error {
  /// The number a formula reads from the cell: an empty cell is 0; text and errors have none.
  func asNumber() throws -> Double {
    switch self {
    case .empty: 0
    case .number(let value): value
    case .text: throw CellValue.error("#VALUE")
    case .error: throw self
    }
  }
}

/// A recursive-descent parser of the text after "=", reading it character by character. At most 256
/// operands, so its recursion is bounded.
struct FormulaParser {
  /// The functions a formula can call, by name; `nil` is "#VALUE" (no arguments to average).
  static let functions: [String: @Sendable ([Double]) -> Double?] = [
    "SUM": { $0.reduce(0, +) }, "PROD": { $0.reduce(1, *) }, "COUNT": { Double($0.count) },
    "AVG": { $0.isEmpty ? nil : $0.reduce(0, +) / Double($0.count) }, "MIN": { $0.min() }, "MAX": { $0.max() },
  ]
  /// The text not read yet.
  private(set) var rest: Substring
  private var budget = 256

  /// A parser of `text`, the text after "=".
  init(_ text: Substring) { rest = text }

  /// Reads `symbol`, after any spaces, if it comes next.
  private mutating func take(_ symbol: Character) -> Bool {
    rest = rest.drop(while: \.isWhitespace)
    guard rest.first == symbol else { return false }
    rest.removeFirst()
    return true
  }

  /// Reads, after any spaces, the characters for which `isPart` holds; upper-cased.
  private mutating func word(_ isPart: (Character) -> Bool) -> String {
    rest = rest.drop(while: \.isWhitespace)
    let word = rest.prefix(while: isPart)
    rest.removeFirst(word.count)
    return word.uppercased()
  }

  /// A sum of terms (`level` 0) or a product of factors (`level` 1), left to right.
  mutating func expression(level: Int = 0) throws -> Formula {
    guard level < 2 else { return try factor() }
    var result = try expression(level: level + 1)
    while let operation = (level == 0 ? "+-" : "*/").first(where: { take($0) }) {
      result = .arithmetic(operation, result, try expression(level: level + 1))
    }
    return result
  }

  private mutating func factor() throws -> Formula {
    budget -= 1
    guard budget > 0 else { throw CellValue.error("#PARSE") }
    if take("-") { return .arithmetic("-", .constant(.number(0)), try factor()) }
    if take("(") {
      let inner = try expression()
      guard take(")") else { throw CellValue.error("#PARSE") }
      return inner
    }
    let digits = word { $0.isNumber || $0 == "." }
    if !digits.isEmpty {
      guard let value = Double(digits) else { throw CellValue.error("#PARSE") }
      return .constant(.number(value))
    }
    let name = word { $0.isLetter || $0.isNumber }
    if take("(") {
      var arguments: [Formula] = []
      if !take(")") {
        repeat { arguments.append(try expression()) } while take(",")
        guard take(")") else { throw CellValue.error("#PARSE") }
      }
      guard let function = Self.functions[name] else { throw CellValue.error("#NAME") }
      return .call(function, arguments)
    }
    guard !name.isEmpty else { throw CellValue.error("#PARSE") }
    guard let from = CellAddress(name) else { throw CellValue.error("#REF") }
    guard take(":") else { return .cells([from]) }
    guard let to = CellAddress(word { $0.isLetter || $0.isNumber }) else { throw CellValue.error("#PARSE") }
    return .cells(from.rectangle(to: to))
  }
}

extension CellAddress {
  /// The cells of the rectangle between this corner and `other`, row by row.
  func rectangle(to other: CellAddress) -> [CellAddress] {
    let columns = min(column, other.column)...max(column, other.column)
    return (min(row, other.row)...max(row, other.row)).flatMap { row in
      columns.map { CellAddress(column: $0, row: row)! }
    }
  }
}
