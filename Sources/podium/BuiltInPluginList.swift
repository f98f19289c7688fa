import BandListScene
import GalleryScene
import MapSearchScene
import MediaScene
import PDFScene
import PodiumKit
import TitleScene
import WebSearchScene

/// The scene plugins shipped in `Plugins/`, registered at build time.
enum BuiltInPluginList {
    static var all: [PluginDescriptor] { [TitlePlugin.descriptor(), BandListPlugin.descriptor(),
                                         GalleryPlugin.descriptor(), MapSearchPlugin.descriptor(),
                                         WebSearchPlugin.descriptor(),
                                         PDFPlugin.descriptor(), MediaPlugin.descriptor()] }
}
