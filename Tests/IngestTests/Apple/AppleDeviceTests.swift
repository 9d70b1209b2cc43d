import HealthModel
import Testing

@testable import Ingest

/// The device description of an Apple record: the pointer dropped, the fields found and the
/// kind of device named. ASCII descriptions are read byte by byte (`ASCIIText`), others as
/// Foundation splits and searches them; both must give the answers written here by hand.
@Suite("Apple device descriptions")
struct AppleDeviceTests {
  static let watch =
    "<<HKDevice: 0x283a1c1e0>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, "
    + "hardware:Watch6,1, software:10.2>"

  @Test("the pointer is dropped and a watch is a watch")
  func watch() {
    let device = AppleDevice(decoded: Self.watch)
    #expect(
      device.text
        == "name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.2"
    )
    #expect(device.kind == .watch)
  }

  @Test("fields by name, the first of a repeated one, an empty value and a missing one")
  func fields() {
    let text = "name:Ann’s, model:, hardware:iPhone14,2, model:X, software:"
    #expect(AppleDevice.field("name", in: text) == "Ann’s")  // not ASCII: Foundation's path
    let ascii = "name:Ann, model:, hardware:iPhone14,2, model:X, software:"
    #expect(AppleDevice.field("name", in: ascii) == "Ann")
    #expect(AppleDevice.field("model", in: ascii) == "")
    #expect(AppleDevice.field("hardware", in: ascii) == "iPhone14,2")
    #expect(AppleDevice.field("software", in: ascii) == "")
    #expect(AppleDevice.field("firmware", in: ascii) == nil)
    // A field is whole between ", " separators: "ware:" is no field's start.
    #expect(AppleDevice.field("ware", in: ascii) == nil)
    // A comma without a space does not separate fields.
    #expect(AppleDevice.field("b", in: "a:1,b:2") == nil)
    #expect(AppleDevice.field("a", in: "a:1,b:2") == "1,b:2")
    #expect(AppleDevice.field("x", in: "") == nil)
    #expect(AppleDevice.field("x", in: "x:1, ") == "1")
  }

  @Test("kinds from the model, hardware, maker and name, ASCII or not")
  func kinds() {
    let cases: [(String, SourceKind)] = [
      ("name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone14,2", .phone),
      ("name:Body+, manufacturer:Withings, model:WBS05, firmware:1320", .scale),
      ("name:Scale, manufacturer:RENPHO, model:ES-CS20M", .scale),
      ("name:Sam’s Body Cardio, manufacturer:Nokia, model:WBS04", .scale),
      ("name:BP7250, manufacturer:OMRON HEALTHCARE, model:HEM-7155T", .unknown),
      ("name:My Watch, manufacturer:Garmin", .watch),
      ("name:Ann’s iPhone, manufacturer:Apple Inc.", .phone),
      ("name:Ann’s Watch, manufacturer:Apple Inc.", .watch),
      ("name:watch, model:wristband", .unknown),  // "Watch" is matched with its case
      ("", .unknown),
    ]
    for (text, kind) in cases {
      #expect(AppleDevice.kind(of: text) == kind, "\(text)")
    }
  }

  @Test("byte search: found, not found, at the ends, longer than the text")
  func find() {
    let text = Array("abcabd".utf8)
    #expect(ASCIIText.find(Array("abd".utf8), in: text[...]) == 3)
    #expect(ASCIIText.find(Array("abc".utf8), in: text[...]) == 0)
    #expect(ASCIIText.find(Array("abe".utf8), in: text[...]) == nil)
    #expect(ASCIIText.find(Array("abcabdx".utf8), in: text[...]) == nil)
    #expect(ASCIIText.bytes(of: "é") == nil)
    #expect(ASCIIText.bytes(of: "ok") == [0x6F, 0x6B])
  }
}
