import CSDL2
import PodiumKit

extension Renderer {
    /// Pictures rasterised into textures so far (each once per pixel size while it lives).
    public var picturesRasterised: Int { pictureTextures.rasterised }

    /// Copies `p`'s texture into `r` (points), rasterising it first when this pixel size has no
    /// texture yet. The destination is snapped to whole pixels, so pictures laid edge to edge
    /// (map tiles) meet without a seam or an overlap at any fractional position.
    func drawPicture(_ p: Picture, _ r: Rect, _ opacity: Double) {
        guard opacity > 0, !rasterisingPicture, p.size.width > 0, p.size.height > 0 else { return }
        // Half up everywhere (not away from zero), so every edge moves by the same whole pixels.
        func snap(_ v: Double) -> Double { (v * scale + 0.5).rounded(.down) }
        let x0 = snap(r.minX), y0 = snap(r.minY)
        let w = Int32(pixel: snap(r.maxX) - x0), h = Int32(pixel: snap(r.maxY) - y0)
        // The texture's size follows the size alone, not where the edges fall: a tile scaled to a
        // fractional size (the presenter's audience preview) keeps one texture while it moves.
        let tw = Int32(pixel: (r.width * scale).rounded()), th = Int32(pixel: (r.height * scale).rounded())
        guard w > 0, h > 0, tw > 0, th > 0, tw <= 8192, th <= 8192 else { return }
        guard SDL_RenderTargetSupported(sdl) == SDL_TRUE else {
            // No render targets (some GL drivers): the commands themselves, placed and scaled.
            rasterisingPicture = true
            defer { rasterisingPicture = false }
            let s = r.width / p.size.width
            DrawList(commands: p.commands).transformed(scale: s, translation: r.origin).commands.forEach(execute)
            return
        }
        guard let tex = pictureTextures.lookup(p, w: tw, h: th, frame: frameCounter) ?? rasterise(p, w: tw, h: th) else { return }
        SDL_SetTextureBlendMode(tex, p.isOpaque && opacity >= 1 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetTextureAlphaMod(tex, UInt8(clamp(opacity, 0, 1) * 255))
        var dst = SDL_Rect(x: Int32(pixel: x0), y: Int32(pixel: y0), w: w, h: h)
        SDL_RenderCopy(sdl, tex, nil, &dst)
    }

    /// Draws `p`'s commands into a new `w × h` pixel texture. The window's clip, damage and scale
    /// are set aside meanwhile (SDL keeps the window's viewport and clip while a texture is the
    /// target) and restored after.
    private func rasterise(_ p: Picture, w: Int32, h: Int32) -> OpaquePointer? {
        guard let tex = pictureTextures.make(for: p, w: w, h: h, frame: frameCounter, renderer: sdl) else { return nil }
        guard SDL_SetRenderTarget(sdl, tex) == 0 else { return nil }
        let saved = (scale, clipStack, damageClip)
        scale = Double(w) / p.size.width
        clipStack = []; damageClip = nil
        SDL_RenderSetClipRect(sdl, nil)
        SDL_SetRenderDrawColor(sdl, 0, 0, 0, 0)
        SDL_RenderClear(sdl)
        rasterisingPicture = true
        for c in p.commands { execute(c) }
        rasterisingPicture = false
        SDL_SetRenderTarget(sdl, nil)
        (scale, clipStack, damageClip) = saved
        if var c = clipStack.last ?? damageClip { SDL_RenderSetClipRect(sdl, &c) } else { SDL_RenderSetClipRect(sdl, nil) }
        return tex
    }
}
