//! Opening the window: the display check, the graphics backends, the icon, and handing the
//! app to eframe.

use super::{AppOptions, LogodeskApp};
use crate::backend::UserError;
use crate::sync::Lock as _;
use crate::ui::theme;

/// Why the window could not be shown.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// No display server to show a window on.
    #[error("{}", crate::tr!("shell-no-display"))]
    NoDisplay,
    /// The window or its renderer could not be created.
    #[error("{}", crate::tr!("shell-window-failed", reason = .0.as_str()))]
    Window(String),
}

/// The window's icon.
fn icon() -> egui::IconData {
    eframe::icon_data::from_png_bytes(include_bytes!("../../assets/icon.png")).unwrap_or_default()
}

/// The graphics backends tried for the window, best first: the platform's own API, then
/// Vulkan where it is not the platform's own, then OpenGL.
pub fn backend_order() -> &'static [eframe::wgpu::Backends] {
    use eframe::wgpu::Backends;
    if cfg!(windows) {
        &[Backends::DX12, Backends::VULKAN, Backends::GL]
    } else if cfg!(target_vendor = "apple") {
        &[Backends::METAL, Backends::GL]
    } else {
        &[Backends::VULKAN, Backends::GL]
    }
}

/// Names a backend for the log and for `LOGODESK_TEST_FAIL_RENDERER` (wgpu's own names:
/// `dx12`, `vulkan`, `metal`, `gl`).
pub fn backend_name(backends: eframe::wgpu::Backends) -> String {
    use eframe::wgpu::{Backend, Backends};
    [
        (Backends::VULKAN, Backend::Vulkan),
        (Backends::METAL, Backend::Metal),
        (Backends::DX12, Backend::Dx12),
        (Backends::GL, Backend::Gl),
        (Backends::BROWSER_WEBGPU, Backend::BrowserWebGpu),
    ]
    .into_iter()
    .filter(|(flag, _)| backends.contains(*flag))
    .map(|(_, backend)| backend.to_str())
    .collect::<Vec<_>>()
    .join("+")
}

/// Tests only: a backend named here (comma-separated, e.g. `vulkan`) fails its probe as a
/// broken driver would, so that the fallback can be tested on a machine whose drivers work.
pub const TEST_FAIL_RENDERER: &str = "LOGODESK_TEST_FAIL_RENDERER";

/// The backends the window is opened with, one set per attempt, in order.
///
/// A graphics driver can offer an adapter and then fail when the device is used: under Wine,
/// DirectX 12 (through vkd3d) hands out an adapter and a device, then fails to compile egui's
/// shaders ("FXC D3DCompile … Not implemented") and reports "Parent device is lost"; virtual
/// machines and remote desktops have such DirectX drivers too. eframe 0.37 picks one adapter
/// from all the backends it is given and never tries another: the error surfaces from
/// `run_native` (`eframe::Error::Wgpu`) when it comes from setting up the window's surface, and
/// as a panic of wgpu's default error handler when it comes from creating egui's pipelines.
///
/// So each backend of [`backend_order`] is probed before the window opens, one at a time on an
/// instance of its own: an adapter, a device with eframe's limits, and egui's renderer (its
/// shaders and pipelines) created on it, with errors and a lost device caught instead of
/// panicking. The first backend that passes comes first, each later one (unprobed) after it as a
/// fallback for [`run`], which opens the window again with the next set when eframe reports an error
/// before the app was created. A probe costs one more device and egui's pipelines at start
/// (not timed here); probing stops at the first backend that passes, so OpenGL's driver is
/// only loaded when the backends before it failed.
///
/// `WGPU_BACKEND` still picks by hand: then exactly those backends are used, unprobed.
fn backend_attempts() -> Vec<eframe::wgpu::Backends> {
    use eframe::wgpu::Backends;
    if let Some(by_hand) = Backends::from_env() {
        return vec![by_hand];
    }
    let failing = std::env::var(TEST_FAIL_RENDERER).unwrap_or_default();
    attempts_in_order(backend_order(), |backend| {
        let name = backend_name(backend);
        if failing.split(',').any(|f| f.trim() == name) {
            return Err(format!("failed on purpose ({TEST_FAIL_RENDERER})"));
        }
        probe(backend)
    })
}

/// `order` from the first backend whose probe passes (those after it unprobed, as later
/// fallbacks); all of `order` when every probe failed, so that eframe still tries each and
/// says why it could not.
fn attempts_in_order(
    order: &[eframe::wgpu::Backends],
    mut probe: impl FnMut(eframe::wgpu::Backends) -> Result<(), String>,
) -> Vec<eframe::wgpu::Backends> {
    for (n, &backend) in order.iter().enumerate() {
        match probe(backend) {
            Ok(()) => return order[n..].to_vec(),
            Err(why) => tracing::warn!(
                "the {} renderer does not work here ({why}); the next one is tried",
                backend_name(backend)
            ),
        }
    }
    order.to_vec()
}

/// Whether `backend` gives a device that can build egui's renderer: see [`backend_attempts`].
fn probe(backend: eframe::wgpu::Backends) -> Result<(), String> {
    use eframe::egui_wgpu::{Renderer, RendererOptions, WgpuSetupCreateNew};
    use eframe::wgpu;
    use futures_util::FutureExt as _;
    use std::sync::{Arc, Mutex};
    let setup = WgpuSetupCreateNew::without_display_handle();
    let instance = wgpu::Instance::new(wgpu::InstanceDescriptor {
        backends: backend,
        ..setup.instance_descriptor
    });
    // Native wgpu answers these at once; a future that is not ready is not a failure.
    let Some(adapter) = instance
        .request_adapter(&wgpu::RequestAdapterOptions {
            power_preference: setup.power_preference,
            ..Default::default()
        })
        .now_or_never()
    else {
        return Ok(());
    };
    let adapter = adapter.map_err(|e| e.to_string())?;
    let Some(device) = adapter
        .request_device(&(setup.device_descriptor)(&adapter))
        .now_or_never()
    else {
        return Ok(());
    };
    let (device, queue) = device.map_err(|e| e.to_string())?;
    let failure = Arc::new(Mutex::new(None::<String>));
    let keep = |failure: &Arc<Mutex<Option<String>>>, why: String| {
        failure.locked().get_or_insert(why);
    };
    {
        let failure = failure.clone();
        device.on_uncaptured_error(Arc::new(move |e| keep(&failure, e.to_string())));
    }
    {
        let failure = failure.clone();
        device
            .set_device_lost_callback(move |_, why| keep(&failure, format!("device lost: {why}")));
    }
    let renderer = Renderer::new(
        &device,
        wgpu::TextureFormat::Bgra8Unorm,
        RendererOptions::default(),
    );
    queue.submit([]);
    if let Err(e) = device.poll(wgpu::PollType::wait_indefinitely()) {
        keep(&failure, e.to_string());
    }
    drop(renderer);
    let failed = failure.locked().take();
    match failed {
        Some(why) => Err(why),
        None => Ok(()),
    }
}

/// How eframe sets up wgpu for one attempt: only `backends`.
fn wgpu_options(backends: eframe::wgpu::Backends) -> eframe::egui_wgpu::WgpuConfiguration {
    use eframe::egui_wgpu::{WgpuConfiguration, WgpuSetup};
    let mut options = WgpuConfiguration::default();
    if let WgpuSetup::CreateNew(setup) = &mut options.wgpu_setup {
        setup.instance_descriptor.backends = backends;
    }
    options
}

/// What the command line hands the window besides its options.
#[derive(Default)]
pub struct WindowHooks {
    /// Where another logodesk started on the same data folder asks this one to come forward.
    pub come_forward: Option<crate::instance::ForwardHook>,
    /// A sentence shown once the window is up (e.g. where the last crash note is).
    pub notice: Option<String>,
}

/// Brings the window to the front (un-minimized, focused; where the desktop refuses focus,
/// it asks for the person's attention instead). Safe from any thread.
pub fn come_forward(ctx: &egui::Context) {
    ctx.send_viewport_cmd(egui::ViewportCommand::Minimized(false));
    ctx.send_viewport_cmd(egui::ViewportCommand::Focus);
    ctx.send_viewport_cmd(egui::ViewportCommand::RequestUserAttention(
        egui::UserAttentionType::Informational,
    ));
    ctx.request_repaint();
}

/// Opens the window and runs until it is closed. UI state (window, theme, screen, page size,
/// account) is kept in `ui.ron` in `data_dir`. The renderer is chosen as
/// [`backend_attempts`] says: when eframe's renderer (`eframe::Error::Wgpu`) fails with one
/// before the app was created, the window is opened again with the next.
pub fn run(
    options: AppOptions,
    data_dir: &std::path::Path,
    hooks: WindowHooks,
) -> Result<(), AppError> {
    #[cfg(all(unix, not(target_os = "macos")))]
    if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
        return Err(AppError::NoDisplay);
    }
    let screenshot = options.screenshot.is_some();
    // Taken by the app when it is created; still here after a failure means "not created".
    let waiting = std::rc::Rc::new(std::cell::RefCell::new(Some((options, hooks))));
    let attempts = backend_attempts();
    let mut outcome = Ok(());
    for (n, &backends) in attempts.iter().enumerate() {
        if n > 0 {
            tracing::warn!("trying the {} renderer", backend_name(backends));
        }
        let native = eframe::NativeOptions {
            viewport: egui::ViewportBuilder::default()
                .with_title("logodesk")
                .with_app_id("logodesk")
                .with_inner_size(theme::DEFAULT_WINDOW)
                .with_min_inner_size(theme::MIN_WINDOW)
                .with_icon(icon()),
            persist_window: !screenshot,
            persistence_path: Some(data_dir.join("ui.ron")),
            wgpu_options: wgpu_options(backends),
            ..Default::default()
        };
        let for_app = waiting.clone();
        // Windows: lets eframe's event loop notice a failed start (see `StartWaker`).
        let waker = std::cell::RefCell::new(crate::platform::StartWaker::start());
        let result = eframe::run_native(
            "logodesk",
            native,
            Box::new(move |cc| {
                waker.borrow_mut().stop();
                let Some((options, hooks)) = for_app.borrow_mut().take() else {
                    return Err("the app was already created".into());
                };
                let mut app = LogodeskApp::new(cc, options)?;
                if let Some(hook) = hooks.come_forward {
                    let ctx = cc.egui_ctx.clone();
                    hook.set(move || come_forward(&ctx));
                }
                if let Some(notice) = hooks.notice {
                    app.notify(&UserError::new(notice, None));
                }
                Ok(Box::new(app))
            }),
        );
        // Only the renderer's failures before the app was created are worth another renderer
        // (a window the system refuses is refused to each).
        let renderer_failed =
            matches!(result, Err(eframe::Error::Wgpu(_))) && waiting.borrow().is_some();
        outcome = result.map_err(|e| match e {
            eframe::Error::AppCreation(inner) => AppError::Window(inner.to_string()),
            other => AppError::Window(other.to_string()),
        });
        match &outcome {
            Err(AppError::Window(why)) if renderer_failed => tracing::warn!(
                "the window could not be opened with the {} renderer: {why}",
                backend_name(backends)
            ),
            _ => break,
        }
    }
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;
    use eframe::wgpu::Backends;

    #[test]
    fn the_platforms_own_renderer_comes_first_and_opengl_last() {
        let order = backend_order();
        #[cfg(windows)]
        assert_eq!(order, [Backends::DX12, Backends::VULKAN, Backends::GL]);
        #[cfg(target_os = "linux")]
        assert_eq!(order, [Backends::VULKAN, Backends::GL]);
        assert_eq!(order.last(), Some(&Backends::GL));
    }

    #[test]
    fn the_first_backend_that_passes_its_probe_is_tried_first_and_later_ones_after_it() {
        let order = [Backends::DX12, Backends::VULKAN, Backends::GL];
        let mut probed = Vec::new();
        let attempts = attempts_in_order(&order, |b| {
            probed.push(b);
            if b == Backends::DX12 {
                Err("Parent device is lost".into())
            } else {
                Ok(())
            }
        });
        assert_eq!(
            probed,
            [Backends::DX12, Backends::VULKAN],
            "probed in order until one passes"
        );
        assert_eq!(attempts, [Backends::VULKAN, Backends::GL]);
    }

    #[test]
    fn when_every_probe_fails_every_backend_is_still_tried_in_order() {
        let order = [Backends::VULKAN, Backends::GL];
        let attempts = attempts_in_order(&order, |_| Err("no driver".into()));
        assert_eq!(attempts, order);
    }

    #[test]
    fn backends_are_named_as_wgpu_backend_names_them() {
        assert_eq!(backend_name(Backends::VULKAN), "vulkan");
        assert_eq!(backend_name(Backends::DX12), "dx12");
        assert_eq!(backend_name(Backends::GL), "gl");
    }
}
