/// The parsed text of a cell (rules 1 and 2 of ``CellsModel``): the cells it reads, and how its
/// value follows from theirs.
struct Formula {
  /// The cells this formula reads.
  let references: Set<CellAddress>
  /// The value of the formula, reading other cells with its argument.
  let value: (_ cell: (CellAddress) -> CellValue) -> CellValue

  /// The formula of a cell's text: empty, a number, text, or a formula after "=".
  init(cellText text: String) {
    guard text.first == "=" else {
      let constant = text.isEmpty ? CellValue.empty : Double(text).map(CellValue.number) ?? .text(text)
      (references, value) = ([], { _ in constant })
      return
    }
    do {
      var parser = try FormulaParser(text.dropFirst())
      let node = try parser.formula()
      references = parser.references
      value = { cell in
        do { return .number(try single(node { try cell($0).asNumber() })) } catch {
          return error as? CellValue ?? .error("#VALUE")
        }
      }
    } catch {
      let invalid = error as? CellValue ?? .error("#PARSE")
      (references, value) = ([], { _ in invalid })
    }
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

/// The one number of an operand; a range, or a function's argument list, is no operand.
private func single(_ numbers: [Double]) throws -> Double {
  guard numbers.count == 1 else { throw CellValue.error("#VALUE") }
  return numbers[0]
}

/// A recursive-descent parser of formulas, which compiles them as it goes: each operand becomes a
/// function from the cells' numbers to its own numbers (one, or a range's). At most 256 operands,
/// so its recursion is bounded.
struct FormulaParser {
  /// A compiled operand: its numbers, given a way to read a cell's number.
  typealias Node = (_ number: (CellAddress) throws -> Double) throws -> [Double]

  /// The functions a formula can call, by name; `nil` is "#VALUE" (no arguments to average).
  static let functions: [String: @Sendable ([Double]) -> Double?] = [
    "SUM": { $0.reduce(0, +) }, "PROD": { $0.reduce(1, *) }, "COUNT": { Double($0.count) },
    "AVG": { $0.isEmpty ? nil : $0.reduce(0, +) / Double($0.count) }, "MIN": { $0.min() }, "MAX": { $0.max() },
  ]

  private enum Token: Equatable {
    case number(Double)
    case name(String)
    case symbol(Character)
  }
  /// The cells the formula reads, once parsed.
  private(set) var references: Set<CellAddress> = []
  private var tokens: [Token] = []
  private var position = 0
  private var budget = 256

  /// Splits `text` into tokens; throws on a character no formula has.
  init(_ text: Substring) throws {
    var rest = text[...]
    while let first = rest.first {
      if first.isWhitespace {
        rest = rest.dropFirst()
      } else if first.isNumber || first == "." {
        let digits = rest.prefix { $0.isNumber || $0 == "." }
        guard let value = Double(digits) else { throw CellValue.error("#PARSE") }
        tokens.append(.number(value))
        rest = rest.dropFirst(digits.count)
      } else if first.isLetter {
        let name = rest.prefix { $0.isLetter || $0.isNumber }
        tokens.append(.name(name.uppercased()))
        rest = rest.dropFirst(name.count)
      } else if "+-*/():,".contains(first) {
        tokens.append(.symbol(first))
        rest = rest.dropFirst()
      } else {
        throw CellValue.error("#PARSE")
      }
    }
  }

  /// The whole formula; throws unless every token is used.
  mutating func formula() throws -> Node {
    let formula = try expression()
    guard position == tokens.count else { throw CellValue.error("#PARSE") }
    return formula
  }

  private mutating func take(_ symbols: Character...) -> Character? {
    guard position < tokens.count, case .symbol(let symbol) = tokens[position], symbols.contains(symbol) else {
      return nil
    }
    position += 1
    return symbol
  }

  private mutating func expect(_ symbol: Character) throws {
    guard take(symbol) != nil else { throw CellValue.error("#PARSE") }
  }

  /// A sum of terms (`level` 0) or a product of factors (`level` 1), left to right.
  private mutating func expression(level: Int = 0) throws -> Node {
    guard level < 2 else { return try factor() }
    var result = try expression(level: level + 1)
    while let operation = level == 0 ? take("+", "-") : take("*", "/") {
      result = Self.arithmetic(operation, result, try expression(level: level + 1))
    }
    return result
  }

  private static func arithmetic(_ operation: Character, _ left: @escaping Node, _ right: @escaping Node) -> Node {
    { number in
      let (x, y) = (try single(left(number)), try single(right(number)))
      switch operation {
      case "+": return [x + y]
      case "-": return [x - y]
      case "*": return [x * y]
      default: if y == 0 { throw CellValue.error("#DIV/0") } else { return [x / y] }
      }
    }
  }

  private mutating func factor() throws -> Node {
    budget -= 1
    guard budget > 0, position < tokens.count else { throw CellValue.error("#PARSE") }
    position += 1
    switch tokens[position - 1] {
    case .number(let value): return { _ in [value] }
    case .symbol("-"):
      let operand = try factor()
      return { [-(try single(operand($0)))] }
    case .symbol("("):
      let inner = try expression()
      try expect(")")
      return inner
    case .name(let name) where take("(") != nil:
      var arguments: [Node] = []
      if take(")") == nil {
        repeat { arguments.append(try expression()) } while take(",") != nil
        try expect(")")
      }
      guard let function = Self.functions[name] else { throw CellValue.error("#NAME") }
      return { number in
        guard let result = function(try arguments.flatMap { try $0(number) }) else {
          throw CellValue.error("#VALUE")
        }
        return [result]
      }
    case .name(let name):
      guard let from = CellAddress(name) else { throw CellValue.error("#REF") }
      var to = from
      if take(":") != nil {
        guard position < tokens.count, case .name(let other) = tokens[position], let corner = CellAddress(other) else {
          throw CellValue.error("#PARSE")
        }
        (position, to) = (position + 1, corner)
      }
      let cells = from.rectangle(to: to)
      references.formUnion(cells)
      return { number in try cells.map(number) }
    default: throw CellValue.error("#PARSE")
    }
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
