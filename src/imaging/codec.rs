//! Decoding under limits, downscaling and PNG / base64 encoding.

use std::io::Cursor;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use image::error::LimitErrorKind;
use image::{DynamicImage, ImageError, ImageFormat, ImageReader, RgbaImage};

/// Smallest accepted width and height of a decoded picture, in pixels.
pub const MIN_SIDE: u32 = 8;

/// What [`decode`] accepts.
///
/// The defaults suit logo uploads: files up to 10 MiB, pictures up to 8000 × 8000 px and at
/// most 256 MiB allocated while decoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Largest accepted file, in bytes.
    pub max_file_bytes: usize,
    /// Largest accepted width, in pixels.
    pub max_width: u32,
    /// Largest accepted height, in pixels.
    pub max_height: u32,
    /// Largest total allocation the decoder may make, in bytes (including the RGBA result).
    pub max_alloc: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_file_bytes: 10 * 1024 * 1024,
            max_width: 8000,
            max_height: 8000,
            max_alloc: 256 * 1024 * 1024,
        }
    }
}

impl Limits {
    /// What a low-resolution preview from the service may be (a gallery thumbnail's source):
    /// at most 2 MiB, 4096 × 4096 px and 64 MiB while decoding. The service sends 256 px.
    pub fn preview() -> Limits {
        Limits {
            max_file_bytes: 2 * 1024 * 1024,
            max_width: 4096,
            max_height: 4096,
            max_alloc: 64 * 1024 * 1024,
        }
    }
}

/// A decoded picture.
#[derive(Debug, Clone)]
pub struct Decoded {
    /// The pixels, converted to 8-bit RGBA.
    pub image: RgbaImage,
    /// The file format found from the content: `"PNG"`, `"JPEG"` or `"WebP"`.
    pub format: &'static str,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

/// Why a picture was refused. Every message says what to do about it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImagingError {
    /// The file is larger than [`Limits::max_file_bytes`].
    #[error(
        "The file is {} but at most {} is accepted; export it with fewer pixels or stronger compression.",
        human_bytes(*.bytes),
        human_bytes(*.max)
    )]
    TooLarge {
        /// Size of the file.
        bytes: usize,
        /// Largest accepted size.
        max: usize,
    },
    /// The content is not a PNG, JPEG or WebP picture.
    #[error(
        "The file is not a PNG, JPEG or WebP picture; save it in one of those formats and try again."
    )]
    UnsupportedFormat,
    /// The picture has more pixels than allowed (or would need too much memory to decode).
    #[error(
        "The picture is {w} × {h} pixels but at most {max_w} × {max_h} is accepted; scale it down and try again."
    )]
    TooManyPixels {
        /// Width claimed by the file.
        w: u32,
        /// Height claimed by the file.
        h: u32,
        /// Largest accepted width.
        max_w: u32,
        /// Largest accepted height.
        max_h: u32,
    },
    /// The file claims to be a supported format but cannot be decoded.
    #[error("The picture could not be read ({0}); the file may be damaged, so export it again.")]
    Corrupt(String),
    /// The file has no bytes at all.
    #[error("The file is empty; choose the picture file again.")]
    Empty,
    /// The picture is smaller than [`MIN_SIDE`] pixels on a side.
    #[error(
        "The picture is only {w} × {h} pixels; a logo needs at least {min} × {min}, so use a larger version.",
        min = MIN_SIDE
    )]
    TooSmall {
        /// Width of the picture.
        w: u32,
        /// Height of the picture.
        h: u32,
    },
    /// Every pixel is fully transparent, so there is nothing to print.
    #[error(
        "The picture is completely transparent, so there is nothing to print; check the export settings."
    )]
    FullyTransparent,
}

/// A file size as "1.5 MiB", "12.0 KiB" or "300 bytes".
pub fn human_bytes(n: usize) -> String {
    const KIB: f64 = 1024.0;
    let n = n as f64;
    if n >= KIB * KIB {
        format!("{:.1} MiB", n / (KIB * KIB))
    } else if n >= KIB {
        format!("{:.1} KiB", n / KIB)
    } else {
        format!("{n} bytes")
    }
}

fn format_name(format: ImageFormat) -> Option<&'static str> {
    match format {
        ImageFormat::Png => Some("PNG"),
        ImageFormat::Jpeg => Some("JPEG"),
        ImageFormat::WebP => Some("WebP"),
        _ => None,
    }
}

/// Decodes an uploaded picture: the format is guessed from the content (PNG, JPEG and WebP
/// only), the size and dimensions are checked against `limits` before any pixel buffer is
/// allocated, and the result is converted to RGBA.
///
/// Refuses empty, oversized, unknown, damaged, tiny (under [`MIN_SIDE`] px) and fully
/// transparent pictures with an [`ImagingError`].
pub fn decode(bytes: &[u8], limits: &Limits) -> Result<Decoded, ImagingError> {
    if bytes.is_empty() {
        return Err(ImagingError::Empty);
    }
    if bytes.len() > limits.max_file_bytes {
        return Err(ImagingError::TooLarge {
            bytes: bytes.len(),
            max: limits.max_file_bytes,
        });
    }
    let format = image::guess_format(bytes).map_err(|_| ImagingError::UnsupportedFormat)?;
    let name = format_name(format).ok_or(ImagingError::UnsupportedFormat)?;

    let too_many = |w: u32, h: u32| ImagingError::TooManyPixels {
        w,
        h,
        max_w: limits.max_width,
        max_h: limits.max_height,
    };
    let reader = |lim: image::Limits| {
        let mut r = ImageReader::with_format(Cursor::new(bytes), format);
        r.limits(lim);
        r
    };
    let mut lim = image::Limits::default();
    lim.max_image_width = Some(limits.max_width);
    lim.max_image_height = Some(limits.max_height);
    lim.max_alloc = Some(limits.max_alloc);

    // Header only: no pixel buffer yet. PNG dimensions are read straight from IHDR so
    // that a bomb is named as such even when the rest of the file is missing.
    let (w, h) = match png_ihdr_dimensions(bytes) {
        Some(dims) => dims,
        None => reader(image::Limits::no_limits())
            .into_dimensions()
            .map_err(|e| map_error(e, None, &too_many))?,
    };
    let rgba_bytes = u64::from(w) * u64::from(h) * 4;
    if w > limits.max_width || h > limits.max_height || rgba_bytes > limits.max_alloc {
        return Err(too_many(w, h));
    }
    if w < MIN_SIDE || h < MIN_SIDE {
        return Err(ImagingError::TooSmall { w, h });
    }

    let dynamic = reader(lim)
        .decode()
        .map_err(|e| map_error(e, Some((w, h)), &too_many))?;
    let image = match dynamic {
        DynamicImage::ImageRgba8(img) => img,
        other => other.to_rgba8(),
    };
    if image.pixels().all(|p| p.0[3] == 0) {
        return Err(ImagingError::FullyTransparent);
    }
    Ok(Decoded {
        width: image.width(),
        height: image.height(),
        image,
        format: name,
    })
}

/// Width and height from a PNG's IHDR chunk, which the format requires to come first.
fn png_ihdr_dimensions(bytes: &[u8]) -> Option<(u32, u32)> {
    if bytes.get(..8)? != b"\x89PNG\r\n\x1a\n" || bytes.get(12..16)? != b"IHDR" {
        return None;
    }
    let be = |r: std::ops::Range<usize>| -> Option<u32> {
        Some(u32::from_be_bytes(bytes.get(r)?.try_into().ok()?))
    };
    Some((be(16..20)?, be(20..24)?))
}

fn map_error(
    e: ImageError,
    dims: Option<(u32, u32)>,
    too_many: &dyn Fn(u32, u32) -> ImagingError,
) -> ImagingError {
    match e {
        ImageError::Limits(l) => match (l.kind(), dims) {
            (LimitErrorKind::DimensionError | LimitErrorKind::InsufficientMemory, Some((w, h))) => {
                too_many(w, h)
            }
            (LimitErrorKind::DimensionError | LimitErrorKind::InsufficientMemory, None) => {
                too_many(u32::MAX, u32::MAX)
            }
            _ => ImagingError::UnsupportedFormat,
        },
        ImageError::Unsupported(_) => ImagingError::UnsupportedFormat,
        ImageError::Decoding(d) => ImagingError::Corrupt(d.to_string()),
        ImageError::IoError(io) => ImagingError::Corrupt(io.to_string()),
        ImageError::Parameter(p) => ImagingError::Corrupt(p.to_string()),
        ImageError::Encoding(x) => ImagingError::Corrupt(x.to_string()),
    }
}

/// Shrinks `img` so that its longer side is at most `max_side` pixels, keeping the aspect
/// ratio. Never upscales: a picture that already fits (or `max_side == 0`) is returned as a
/// copy. Averages areas on premultiplied alpha, so transparent surroundings do not darken
/// the edges.
pub fn downscale(img: &RgbaImage, max_side: u32) -> RgbaImage {
    let (w, h) = img.dimensions();
    let longest = w.max(h);
    if max_side == 0 || longest <= max_side {
        return img.clone();
    }
    let scale = f64::from(max_side) / f64::from(longest);
    let nw = ((f64::from(w) * scale).round() as u32).clamp(1, max_side);
    let nh = ((f64::from(h) * scale).round() as u32).clamp(1, max_side);

    let mut pre = img.clone();
    for p in pre.pixels_mut() {
        let a = u16::from(p.0[3]);
        for c in &mut p.0[..3] {
            *c = ((u16::from(*c) * a + 127) / 255) as u8;
        }
    }
    // Area averaging: each output pixel is the mean of the input pixels it covers, which is
    // what a reduction wants and several times faster than a general filter.
    let mut out = image::imageops::thumbnail(&pre, nw, nh);
    for p in out.pixels_mut() {
        let a = u16::from(p.0[3]);
        if a == 0 {
            p.0 = [0, 0, 0, 0];
            continue;
        }
        for c in &mut p.0[..3] {
            *c = ((u16::from(*c) * 255 + a / 2) / a).min(255) as u8;
        }
    }
    out
}

/// Encodes `img` as a PNG file.
pub fn encode_png(img: &RgbaImage) -> Vec<u8> {
    write_png(img, false)
}

/// Encodes `img` as a PNG file, compressed fast: for pictures made per request and mostly
/// flat color (the sandbox's garment views), where encoding time matters more than size.
pub fn encode_png_fast(img: &RgbaImage) -> Vec<u8> {
    write_png(img, true)
}

fn write_png(img: &RgbaImage, fast: bool) -> Vec<u8> {
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    let mut out = Vec::new();
    let encoder = if fast {
        PngEncoder::new_with_quality(&mut out, CompressionType::Fast, FilterType::Sub)
    } else {
        PngEncoder::new(&mut out)
    };
    // Writing to a Vec cannot fail for a well-formed RgbaImage; fall back to empty otherwise.
    if image::ImageEncoder::write_image(
        encoder,
        img.as_raw(),
        img.width(),
        img.height(),
        image::ExtendedColorType::Rgba8,
    )
    .is_err()
    {
        out.clear();
    }
    out
}

/// Encodes `img` as a PNG and returns it in standard base64 (with padding).
pub fn png_base64(img: &RgbaImage) -> String {
    STANDARD.encode(encode_png(img))
}

/// Decodes a standard-base64 PNG (as produced by [`png_base64`]) into RGBA pixels, under
/// the default [`Limits`]. Surrounding whitespace and a `data:image/png;base64,` prefix are
/// tolerated.
pub fn decode_base64_png(s: &str) -> Result<RgbaImage, ImagingError> {
    decode_base64_png_with(s, &Limits::default())
}

/// Like [`decode_base64_png`] under `limits`: the text's length is checked before it is
/// decoded (4 characters of base64 carry 3 bytes), the PNG's dimensions before any pixel
/// buffer is allocated, and the decoder runs under `image::Limits` (dimensions and
/// allocation), so a decompression bomb is refused with its claimed size.
pub fn decode_base64_png_with(s: &str, limits: &Limits) -> Result<RgbaImage, ImagingError> {
    let s = s.trim();
    let s = match s.find(";base64,") {
        Some(i) if s.starts_with("data:") => &s[i + ";base64,".len()..],
        _ => s,
    };
    if s.is_empty() {
        return Err(ImagingError::Empty);
    }
    // Refuse oversized text before allocating for it.
    let max_text = limits.max_file_bytes.div_ceil(3).saturating_mul(4);
    if s.len() > max_text {
        return Err(ImagingError::TooLarge {
            bytes: s.len() / 4 * 3,
            max: limits.max_file_bytes,
        });
    }
    let bytes = STANDARD
        .decode(s)
        .map_err(|e| ImagingError::Corrupt(format!("invalid base64: {e}")))?;
    if image::guess_format(&bytes).ok() != Some(ImageFormat::Png) {
        return Err(ImagingError::UnsupportedFormat);
    }
    let too_many = |w: u32, h: u32| ImagingError::TooManyPixels {
        w,
        h,
        max_w: limits.max_width,
        max_h: limits.max_height,
    };
    let dims = png_ihdr_dimensions(&bytes);
    if let Some((w, h)) = dims
        && (w > limits.max_width
            || h > limits.max_height
            || u64::from(w) * u64::from(h) * 4 > limits.max_alloc)
    {
        return Err(too_many(w, h));
    }
    let mut reader = ImageReader::with_format(Cursor::new(bytes.as_slice()), ImageFormat::Png);
    let mut lim = image::Limits::default();
    lim.max_image_width = Some(limits.max_width);
    lim.max_image_height = Some(limits.max_height);
    lim.max_alloc = Some(limits.max_alloc);
    reader.limits(lim);
    let img = reader.decode().map_err(|e| map_error(e, dims, &too_many))?;
    Ok(img.into_rgba8())
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgba;

    fn sample(w: u32, h: u32) -> RgbaImage {
        RgbaImage::from_fn(w, h, |x, y| {
            if (x / 4 + y / 4) % 2 == 0 {
                Rgba([200, 16, 46, 255])
            } else {
                Rgba([255, 255, 255, 255])
            }
        })
    }

    fn encode(img: &RgbaImage, format: ImageFormat) -> Vec<u8> {
        let mut out = Cursor::new(Vec::new());
        match format {
            ImageFormat::Jpeg => DynamicImage::ImageRgba8(img.clone())
                .to_rgb8()
                .write_to(&mut out, format)
                .expect("encode"),
            _ => img.write_to(&mut out, format).expect("encode"),
        }
        out.into_inner()
    }

    #[test]
    fn decodes_png_jpeg_webp() {
        let img = sample(32, 24);
        for (format, name) in [
            (ImageFormat::Png, "PNG"),
            (ImageFormat::Jpeg, "JPEG"),
            (ImageFormat::WebP, "WebP"),
        ] {
            let d = decode(&encode(&img, format), &Limits::default()).expect(name);
            assert_eq!((d.format, d.width, d.height), (name, 32, 24));
            assert_eq!(d.image.dimensions(), (32, 24));
            assert_eq!(d.image.get_pixel(0, 0).0[3], 255);
        }
        let d = decode(&encode(&img, ImageFormat::Png), &Limits::default()).expect("png");
        assert_eq!(d.image, img, "PNG is lossless");
    }

    #[test]
    fn refuses_empty_garbage_and_gif() {
        let lim = Limits::default();
        assert_eq!(decode(&[], &lim).unwrap_err(), ImagingError::Empty);
        assert_eq!(
            decode(b"this is not a picture at all", &lim).unwrap_err(),
            ImagingError::UnsupportedFormat
        );
        let gif = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;";
        assert_eq!(
            decode(gif, &lim).unwrap_err(),
            ImagingError::UnsupportedFormat
        );
    }

    #[test]
    fn refuses_truncated_png_as_corrupt() {
        let bytes = encode(&sample(64, 64), ImageFormat::Png);
        let err = decode(&bytes[..bytes.len() / 2], &Limits::default()).unwrap_err();
        assert!(matches!(err, ImagingError::Corrupt(_)), "{err:?}");
    }

    #[test]
    fn refuses_too_large_file() {
        let bytes = encode(&sample(64, 64), ImageFormat::Png);
        let lim = Limits {
            max_file_bytes: 100,
            ..Limits::default()
        };
        let err = decode(&bytes, &lim).unwrap_err();
        assert_eq!(
            err,
            ImagingError::TooLarge {
                bytes: bytes.len(),
                max: 100
            }
        );
        assert!(err.to_string().contains("100 bytes"));
    }

    /// A valid PNG header (with correct CRC) claiming 100000 × 100000 px, and no data.
    fn bomb_header() -> Vec<u8> {
        let mut ihdr = Vec::new();
        ihdr.extend_from_slice(b"IHDR");
        ihdr.extend_from_slice(&100_000u32.to_be_bytes());
        ihdr.extend_from_slice(&100_000u32.to_be_bytes());
        ihdr.extend_from_slice(&[8, 6, 0, 0, 0]);
        let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
        out.extend_from_slice(&13u32.to_be_bytes());
        out.extend_from_slice(&ihdr);
        out.extend_from_slice(&crc32(&ihdr).to_be_bytes());
        out
    }

    fn crc32(data: &[u8]) -> u32 {
        let mut crc = 0xFFFF_FFFFu32;
        for &b in data {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 != 0 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }

    fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
        let mut body = kind.to_vec();
        body.extend_from_slice(data);
        let mut out = (data.len() as u32).to_be_bytes().to_vec();
        out.extend_from_slice(&body);
        out.extend_from_slice(&crc32(&body).to_be_bytes());
        out
    }

    #[test]
    fn refuses_decompression_bomb_header() {
        let want = ImagingError::TooManyPixels {
            w: 100_000,
            h: 100_000,
            max_w: 8000,
            max_h: 8000,
        };
        assert_eq!(
            decode(&bomb_header(), &Limits::default()).unwrap_err(),
            want
        );
        // The same header followed by a (tiny) IDAT and IEND, i.e. a well-formed file.
        let mut full = bomb_header();
        full.extend(chunk(
            b"IDAT",
            &[0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01],
        ));
        full.extend(chunk(b"IEND", &[]));
        assert_eq!(decode(&full, &Limits::default()).unwrap_err(), want);
        // And under generous dimension limits, the allocation limit still refuses it.
        let lim = Limits {
            max_width: 200_000,
            max_height: 200_000,
            ..Limits::default()
        };
        assert!(matches!(
            decode(&full, &lim).unwrap_err(),
            ImagingError::TooManyPixels { w: 100_000, .. }
        ));
    }

    #[test]
    fn refuses_a_base64_bomb_with_its_claimed_size() {
        let mut full = bomb_header();
        full.extend(chunk(
            b"IDAT",
            &[0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01],
        ));
        full.extend(chunk(b"IEND", &[]));
        let text = STANDARD.encode(&full);
        for limits in [Limits::default(), Limits::preview()] {
            assert_eq!(
                decode_base64_png_with(&text, &limits).unwrap_err(),
                ImagingError::TooManyPixels {
                    w: 100_000,
                    h: 100_000,
                    max_w: limits.max_width,
                    max_h: limits.max_height,
                }
            );
        }
        // Text longer than the limit allows is refused before it is decoded.
        let long = "A".repeat(Limits::preview().max_file_bytes / 3 * 4 + 8);
        assert!(matches!(
            decode_base64_png_with(&long, &Limits::preview()),
            Err(ImagingError::TooLarge { .. })
        ));
    }

    #[test]
    fn refuses_small_file_that_decodes_huge() {
        // 4000 × 4000 transparent-black RGBA compresses to a few KiB but needs 64 MB.
        let big = RgbaImage::new(4000, 4000);
        let bytes = encode(&big, ImageFormat::Png);
        assert!(bytes.len() < 500_000, "{}", bytes.len());
        let lim = Limits {
            max_alloc: 16 * 1024 * 1024,
            ..Limits::default()
        };
        assert!(matches!(
            decode(&bytes, &lim).unwrap_err(),
            ImagingError::TooManyPixels {
                w: 4000,
                h: 4000,
                ..
            }
        ));
        let lim = Limits {
            max_width: 1000,
            max_height: 1000,
            ..Limits::default()
        };
        assert!(matches!(
            decode(&bytes, &lim).unwrap_err(),
            ImagingError::TooManyPixels { w: 4000, .. }
        ));
    }

    #[test]
    fn refuses_tiny_and_fully_transparent() {
        let lim = Limits::default();
        let tiny = encode(&sample(4, 20), ImageFormat::Png);
        assert_eq!(
            decode(&tiny, &lim).unwrap_err(),
            ImagingError::TooSmall { w: 4, h: 20 }
        );
        let clear = encode(&RgbaImage::new(16, 16), ImageFormat::Png);
        assert_eq!(
            decode(&clear, &lim).unwrap_err(),
            ImagingError::FullyTransparent
        );
    }

    #[test]
    fn downscale_keeps_aspect_and_never_upscales() {
        let img = sample(400, 100);
        let d = downscale(&img, 200);
        assert_eq!(d.dimensions(), (200, 50));
        let tall = downscale(&sample(90, 300), 100);
        assert_eq!(tall.dimensions(), (30, 100));
        assert_eq!(downscale(&img, 1000).dimensions(), (400, 100));
        assert_eq!(downscale(&img, 400), img);
        assert_eq!(downscale(&sample(5000, 1), 100).dimensions(), (100, 1));
    }

    #[test]
    fn downscale_does_not_darken_transparent_edges() {
        let img = RgbaImage::from_fn(64, 64, |x, _| {
            if x < 32 {
                Rgba([255, 255, 255, 255])
            } else {
                Rgba([0, 0, 0, 0])
            }
        });
        let d = downscale(&img, 16);
        for p in d.pixels().filter(|p| p.0[3] > 0) {
            assert!(p.0[..3].iter().all(|&c| c >= 250), "{p:?}");
        }
    }

    #[test]
    fn base64_round_trip() {
        let img = sample(20, 10);
        let s = png_base64(&img);
        assert!(s.starts_with("iVBORw0KGgo"), "standard base64 PNG");
        assert_eq!(decode_base64_png(&s).expect("decode"), img);
        let data_url = format!("data:image/png;base64,{s}\n");
        assert_eq!(decode_base64_png(&data_url).expect("data url"), img);
        assert!(matches!(
            decode_base64_png("!!!"),
            Err(ImagingError::Corrupt(_))
        ));
        assert_eq!(decode_base64_png(""), Err(ImagingError::Empty));
        let jpeg = STANDARD.encode(encode(&img, ImageFormat::Jpeg));
        assert_eq!(
            decode_base64_png(&jpeg),
            Err(ImagingError::UnsupportedFormat)
        );
    }

    #[test]
    fn encode_png_is_a_png() {
        let bytes = encode_png(&sample(9, 9));
        assert_eq!(image::guess_format(&bytes).ok(), Some(ImageFormat::Png));
    }
}
