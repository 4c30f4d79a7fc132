/**
 * Stands in for the Firebase SDKs this app never uses (Firestore, Realtime Database, Functions,
 * Remote Config, Storage). reactfire imports all of them for hooks we do not call, and some of its
 * module-level code keeps them from being tree-shaken; vite.config.ts points those imports here.
 * The browser uses Auth alone: all data comes through /api.
 */
function unavailable(name: string) {
  return (): never => {
    throw new Error(`${name} is not available: this app only uses Firebase Auth in the browser`);
  };
}

// firebase/database
export const get = unavailable("firebase/database get");
export const off = unavailable("firebase/database off");
export const onChildAdded = unavailable("firebase/database onChildAdded");
export const onChildChanged = unavailable("firebase/database onChildChanged");
export const onChildMoved = unavailable("firebase/database onChildMoved");
export const onChildRemoved = unavailable("firebase/database onChildRemoved");
export const onValue = unavailable("firebase/database onValue");
// firebase/firestore
export const onSnapshot = unavailable("firebase/firestore onSnapshot");
export const queryEqual = unavailable("firebase/firestore queryEqual");
// firebase/functions
export const httpsCallable = unavailable("firebase/functions httpsCallable");
// firebase/remote-config
export const ensureInitialized = unavailable("firebase/remote-config ensureInitialized");
export const getAll = unavailable("firebase/remote-config getAll");
export const getBoolean = unavailable("firebase/remote-config getBoolean");
export const getNumber = unavailable("firebase/remote-config getNumber");
export const getString = unavailable("firebase/remote-config getString");
export const getValue = unavailable("firebase/remote-config getValue");
// firebase/storage
export const getDownloadURL = unavailable("firebase/storage getDownloadURL");
export const ref = unavailable("firebase/storage ref");
