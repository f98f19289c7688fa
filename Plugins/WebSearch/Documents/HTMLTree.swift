import CLibXML2

/// An HTML page as a tree, parsed by libxml2's HTML parser (Debian's libxml2), which recovers
/// from broken markup the way browsers roughly do, decodes every entity it knows and never
/// touches the network. Tag and attribute names come back lowercased; comments, processing
/// instructions and doctype are left out. The libxml2 document is freed before returning.
indirect enum HTMLNode: Equatable {
    case element(name: String, attributes: [String: String], children: [HTMLNode])
    case text(String)

    /// Parses `html` (UTF-8) and returns the top-level nodes (normally one `html` element).
    static func parse(_ html: String) -> [HTMLNode] {
        var bytes = Array(html.utf8)
        if bytes.isEmpty { return [] }
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                            | HTML_PARSE_NONET.rawValue)
        let doc = bytes.withUnsafeMutableBufferPointer { buf in
            htmlReadMemory(buf.baseAddress, Int32(clamping: buf.count), nil, "UTF-8", options)
        }
        guard let doc else { return [] }
        defer { xmlFreeDoc(doc) }
        return children(of: doc.pointee.children)
    }

    private static func children(of first: xmlNodePtr?) -> [HTMLNode] {
        var out: [HTMLNode] = []
        var n = first
        while let node = n {
            switch node.pointee.type {
            case XML_ELEMENT_NODE:
                let name = string(node.pointee.name).lowercased()
                out.append(.element(name: name, attributes: attributes(of: node), children: children(of: node.pointee.children)))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                out.append(.text(string(node.pointee.content)))
            default: break
            }
            n = node.pointee.next
        }
        return out
    }

    private static func attributes(of node: xmlNodePtr) -> [String: String] {
        var out: [String: String] = [:]
        var a = node.pointee.properties
        while let attr = a {
            let name = string(attr.pointee.name).lowercased()
            if let value = xmlNodeListGetString(node.pointee.doc, attr.pointee.children, 1) {
                out[name] = String(cString: value)
                podium_xml_free(value)
            } else {
                out[name] = ""
            }
            a = attr.pointee.next
        }
        return out
    }

    private static func string(_ p: UnsafePointer<xmlChar>?) -> String {
        p.map { String(cString: $0) } ?? ""
    }

    /// All text below this node, in document order.
    var textContent: String {
        switch self {
        case let .text(t): t
        case let .element(_, _, children): children.map(\.textContent).joined()
        }
    }
}
