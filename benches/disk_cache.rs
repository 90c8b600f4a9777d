//! The disk cache of what was seen (`backend/support/disk_cache.rs`): reading and writing an
//! entry the size of a logo list page (about 60 KiB of JSON with its previews) and of a logo
//! with its picture (1 MiB), and a write that evicts (a full cache of 200 entries).

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use logodesk::backend::support::disk_cache::{DiskCache, Key, Kind};
use logodesk::store::AccountId;
use std::hint::black_box;

const ACCOUNT: AccountId = AccountId(1);

fn benches(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let cache = DiskCache::new(dir.path().join("cache"), 1024 * 1024 * 1024);
    for (name, size) in [("page 60 KiB", 60 * 1024), ("logo 1 MiB", 1024 * 1024)] {
        let payload = vec![b'x'; size];
        let key = Key::new(Kind::Logo, name, "");
        c.bench_function(&format!("disk cache put {name}"), |b| {
            b.iter(|| cache.put(ACCOUNT, black_box(&key), black_box(&payload)))
        });
        c.bench_function(&format!("disk cache get {name}"), |b| {
            b.iter(|| cache.get(ACCOUNT, black_box(&key)))
        });
    }
    // A cache full with 200 entries of 60 KiB: a write that takes it over the budget scans the
    // folder and evicts down to 90 %, so about one write in 20 pays for a scan.
    let payload = vec![b'x'; 60 * 1024];
    let full = DiskCache::new(dir.path().join("full"), 200 * (60 * 1024 + 64));
    for i in 0..200 {
        full.put(ACCOUNT, &Key::new(Kind::LogoPage, i, ""), &payload)
            .ok();
    }
    let mut next = 200;
    c.bench_function(
        "disk cache put into a full cache (evicting, amortised)",
        |b| {
            b.iter_batched(
                || {
                    next += 1;
                    Key::new(Kind::LogoPage, next, "")
                },
                |key| full.put(ACCOUNT, &key, black_box(&payload)),
                BatchSize::SmallInput,
            )
        },
    );
}

criterion_group!(cache_benches, benches);
criterion_main!(cache_benches);
