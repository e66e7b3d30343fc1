"use client";
import { BoardScreen } from "@/components/board/board-screen";

export default function BoardPage() {
  return <BoardScreen />;
}
